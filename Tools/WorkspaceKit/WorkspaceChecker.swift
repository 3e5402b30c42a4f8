import Foundation

/// Checks a workspace against its manifests and rules: every problem, one line each.
public struct WorkspaceChecker {
    let root: URL
    let workspace: Workspace

    /// A checker for the workspace at `root`, read as `workspace`.
    public init(root: URL, workspace: Workspace) {
        self.root = root
        self.workspace = workspace
    }

    /// Every problem found, manifests first, then generated files, then source imports.
    public func problems() -> [Problem] {
        var problems = manifestProblems()
        problems += generatedFileProblems()
        let ours = workspace.targetNames
        for module in workspace.modules.sorted(by: { $0.name < $1.name }) {
            problems += importProblems(module, ours: ours)
        }
        return problems
    }

    private func manifestProblems() -> [Problem] {
        var problems: [Problem] = []
        let names = Set(workspace.modules.map(\.name))
        for module in workspace.modules.sorted(by: { $0.name < $1.name }) {
            problems += missingFolders(module)
            guard let layer = workspace.layer(module.layer) else {
                let known = workspace.layers.map(\.name).joined(separator: ", ")
                problems.append(
                    Problem(file: module.manifest, message: "\(module.name) is in unknown layer \(module.layer) (layers: \(known))"))
                continue
            }
            for dependency in module.testDependencies where !names.contains(dependency) {
                problems.append(Problem(file: module.manifest, message: "\(module.name)'s tests depend on unknown module: \(dependency)"))
            }
            for dependency in module.dependencies where dependency == workspace.testSupport {
                problems.append(Problem(file: module.manifest, message: testSupportMessage(module.name)))
            }
            for dependency in module.dependencies where dependency != workspace.testSupport {
                guard names.contains(dependency) else {
                    problems.append(Problem(file: module.manifest, message: "\(module.name) depends on unknown module: \(dependency)"))
                    continue
                }
                if dependency == workspace.injection && !workspace.mayImportInjection.contains(module.name) {
                    problems.append(Problem(file: module.manifest, message: injectionMessage(module.name)))
                    continue
                }
                if let target = workspace.module(dependency), !layer.mayDependOn.contains(target.layer) {
                    problems.append(
                        Problem(
                            file: module.manifest,
                            message: "\(module.name) (\(layer.name)) must not depend on \(dependency) (\(target.layer)): "
                                + "\(layer.name) may depend on \(layer.mayDependOn.isEmpty ? "no layer" : layer.mayDependOn.joined(separator: ", "))"
                        ))
                }
            }
        }
        if let cycle = DependencyCycles.first(in: workspace.modules) {
            problems.append(Problem(message: "Dependency cycle: \(cycle.joined(separator: " → "))"))
        }
        return problems
    }

    /// The folders a manifest promises and SwiftPM will look for.
    private func missingFolders(_ module: Module) -> [Problem] {
        var folders = [module.sourcesDirectory] + module.resources.map { "\(module.directory)/\($0)" }
        if module.hasTesting { folders.append(module.testingDirectory) }
        if module.hasTests { folders.append(module.testsDirectory) }
        return folders.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }.map {
            Problem(file: module.manifest, message: "\(module.name) has no folder \($0); create it or change the manifest")
        }
    }

    private func generatedFileProblems() -> [Problem] {
        Generator.stalePaths(workspace, root: root).map { path in
            Problem(file: path, message: "\(path) is out of date with Manifests/: run 'swift run workspace generate'")
        }
    }

    /// Imports of `ours` (the workspace's own targets) in `module`'s folders that its manifest does not allow.
    private func importProblems(_ module: Module, ours: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        var used = Set<String>()
        let libraries = module.systemLibraries.map(\.name)
        let scopes: [(directory: String, owner: String, allowed: Set<String>, counts: Bool)] = [
            (module.sourcesDirectory, module.name, Set(module.targetDependencies), true),
            (
                module.testingDirectory, module.testingName, Set(PackageGenerator.testingDependencies(module, in: workspace) + libraries),
                false
            ),
            (module.testsDirectory, module.testsName, Set(PackageGenerator.testDependencies(module, in: workspace) + libraries), false),
        ]
        for scope in scopes where !(module.kind == .app && scope.owner == module.testingName) {
            for file in SourceFiles.swiftFiles(
                in: root.appendingPathComponent(scope.directory), excluding: module.kind == .app ? [] : ["Testing"])
            {
                let relative = scope.directory + "/" + file.relativePath
                guard let text = try? String(contentsOf: file.url, encoding: .utf8) else {
                    problems.append(Problem(file: relative, message: "cannot read the file"))
                    continue
                }
                for found in ImportScanner.imports(in: text) where ours.contains(found.module) && found.module != scope.owner {
                    if scope.counts { used.insert(found.module) }
                    if found.module == workspace.testSupport && scope.counts && module.name != found.module {
                        problems.append(Problem(file: relative, line: found.line, message: testSupportMessage(scope.owner)))
                    } else if found.module == workspace.injection && !mayImportInjection(module) {
                        problems.append(Problem(file: relative, line: found.line, message: injectionMessage(scope.owner)))
                    } else if !scope.allowed.contains(found.module) {
                        problems.append(
                            Problem(file: relative, line: found.line, message: "\(scope.owner) implicitly depends on: \(found.module)"))
                    }
                }
            }
        }
        for dependency in module.dependencies where !used.contains(dependency) && workspace.module(dependency) != nil {
            problems.append(Problem(file: module.manifest, message: "\(module.name) declares a dependency it never imports: \(dependency)"))
        }
        for library in libraries where !used.contains(library) {
            problems.append(
                Problem(file: module.manifest, message: "\(module.name) declares a system library it never imports: \(library)"))
        }
        return problems
    }

    /// The injection module's own targets, and the modules the rules name, may import it.
    private func mayImportInjection(_ module: Module) -> Bool {
        module.name == workspace.injection || workspace.mayImportInjection.contains(module.name)
    }

    private func testSupportMessage(_ name: String) -> String {
        "\(name) must not depend on \(workspace.testSupport ?? ""): only Testing and test targets may"
    }

    private func injectionMessage(_ name: String) -> String {
        "\(name) must not import \(workspace.injection): only \(workspace.mayImportInjection.joined(separator: ", ")) may"
    }
}
