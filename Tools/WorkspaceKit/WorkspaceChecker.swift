import Foundation

/// Checks a workspace against its manifests and rules: every problem, one line each.
public struct WorkspaceChecker {
    let root: URL
    let workspace: Workspace
    /// Every folder of a target: where one target's folder holds another's, the scan of the outer
    /// one leaves the inner one out.
    let targetFolders: [String]

    /// A checker for the workspace at `root`, read as `workspace`.
    public init(root: URL, workspace: Workspace) {
        self.root = root
        self.workspace = workspace
        var folders = workspace.tools.map(\.path)
        for module in workspace.modules {
            folders += [module.sourcesDirectory] + module.companions.map(\.path) + module.systemLibraries.map { $0.directory(in: module) }
        }
        targetFolders = folders
    }

    /// Every problem found, manifests first, then generated files, then source imports, then
    /// tests that read the tree without declaring it.
    public func problems() -> [Problem] {
        var problems = manifestProblems()
        problems += generatedFileProblems()
        let ours = workspace.targetNames
        for module in workspace.modules.sorted(by: { $0.name < $1.name }) {
            problems += importProblems(module, ours: ours)
        }
        problems += UndeclaredReads(root: root, workspace: workspace, graph: TargetGraph(workspace)).problems()
        return problems
    }

    private func manifestProblems() -> [Problem] {
        var problems: [Problem] = []
        let names = Set(workspace.modules.map(\.name))
        let targets = workspace.targetNames
        let documented = workspace.requiresCatalogs ? DocumentedTarget.all(in: workspace, root: root) : []
        let catalogs = Dictionary(documented.compactMap { target in target.catalog.map { (target.name, $0) } }) { first, _ in first }
        for module in workspace.modules.sorted(by: { $0.name < $1.name }) {
            problems += missingFolders(module)
            if workspace.requiresCatalogs && module.kind == .library && catalogs[module.name] == nil {
                problems.append(
                    Problem(
                        file: module.manifest,
                        message: "\(module.name) has no DocC catalog: add \(module.sourcesDirectory)/\(module.name).docc/\(module.name).md")
                )
            }
            guard let layer = workspace.layer(module.layer) else {
                let known = workspace.layers.map(\.name).joined(separator: ", ")
                problems.append(
                    Problem(file: module.manifest, message: "\(module.name) is in unknown layer \(module.layer) (layers: \(known))"))
                continue
            }
            for companion in module.companions {
                for dependency in companion.dependencies where !targets.contains(dependency) {
                    problems.append(Problem(file: module.manifest, message: "\(companion.name) depends on unknown target: \(dependency)"))
                }
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
                    problems.append(Problem(file: module.manifest, message: layerMessage(module.name, layer: layer, imported: target)))
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
        let folders = [module.sourcesDirectory] + module.resources.map { "\(module.directory)/\($0)" } + module.companions.map(\.path)
        return folders.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }.map {
            Problem(file: module.manifest, message: "\(module.name) has no folder \($0); create it or change the manifest")
        }
    }

    private func generatedFileProblems() -> [Problem] {
        Generator.stalePaths(workspace, root: root).map { path in
            Problem(file: path, message: "\(path) is out of date with Manifests/: run 'swift run workspace generate'")
        }
    }

    /// One target's folder as the import check reads it: what it may import, and whether the
    /// module's layer rule applies (to the module's own sources, not to its tests and doubles).
    private struct Scope {
        let directory: String
        let owner: String
        let allowed: [String]
        let isMain: Bool
    }

    /// Imports of `ours` (the workspace's own targets) in `module`'s folders that its manifest
    /// does not allow, and dependencies each of its targets declares but never imports.
    private func importProblems(_ module: Module, ours: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        let scopes =
            [Scope(directory: module.sourcesDirectory, owner: module.name, allowed: module.targetDependencies, isMain: true)]
            + module.companions.map { Scope(directory: $0.path, owner: $0.name, allowed: $0.dependencies, isMain: false) }
        // A missing folder is reported once, by `missingFolders`; what it would import is unknown.
        for scope in scopes where FileManager.default.fileExists(atPath: root.appendingPathComponent(scope.directory).path) {
            var used = Set<String>()
            for file in SourceFiles.swiftFiles(
                in: root.appendingPathComponent(scope.directory), excluding: nestedFolders(in: scope.directory))
            {
                let relative = scope.directory + "/" + file.relativePath
                guard let text = try? String(contentsOf: file.url, encoding: .utf8) else {
                    problems.append(Problem(file: relative, message: "cannot read the file"))
                    continue
                }
                for found in ImportScanner.imports(in: text) where ours.contains(found.module) && found.module != scope.owner {
                    used.insert(found.module)
                    if let problem = importProblem(found.module, in: scope, of: module) {
                        problems.append(Problem(file: relative, line: found.line, message: problem))
                    }
                }
            }
            let declared = scope.isMain ? module.dependencies + module.systemLibraries.map(\.name) : scope.allowed
            // A module's own targets may always depend on it, as the helpers declare them.
            for dependency in declared where !used.contains(dependency) && dependency != scope.owner && dependency != module.name {
                let what = module.systemLibraries.contains { $0.name == dependency } ? "a system library" : "a dependency"
                problems.append(Problem(file: module.manifest, message: "\(scope.owner) declares \(what) it never imports: \(dependency)"))
            }
        }
        return problems
    }

    /// What is wrong with `scope` importing `imported`, or nil when the manifest and the rules allow it.
    private func importProblem(_ imported: String, in scope: Scope, of module: Module) -> String? {
        if imported == workspace.testSupport && scope.isMain && module.name != imported {
            return testSupportMessage(scope.owner)
        }
        if imported == workspace.injection && !mayImportInjection(module) {
            return injectionMessage(scope.owner)
        }
        if scope.isMain, let layer = workspace.layer(module.layer), let target = workspace.module(imported),
            !layer.mayDependOn.contains(target.layer)
        {
            return layerMessage(module.name, layer: layer, imported: target)
        }
        guard !scope.allowed.contains(imported) else { return nil }
        // The composition root's manifest follows its imports (`RootDependencies`).
        let declarable =
            scope.isMain && workspace.module(imported) != nil && FeatureRegistration.find(in: workspace, at: root)?.root.name == module.name
        return "\(scope.owner) implicitly depends on: \(imported)" + (declarable ? " (`swift run workspace generate` declares it)" : "")
    }

    /// The top folders inside `directory` that hold other targets, left out of its scan.
    private func nestedFolders(in directory: String) -> Set<String> {
        var nested = Set<String>()
        for folder in targetFolders where folder.hasPrefix(directory + "/") {
            if let top = folder.dropFirst(directory.count + 1).split(separator: "/").first { nested.insert(String(top)) }
        }
        return nested
    }

    /// The injection module's own targets, and the modules the rules name, may import it.
    private func mayImportInjection(_ module: Module) -> Bool {
        module.name == workspace.injection || workspace.mayImportInjection.contains(module.name)
    }

    private func layerMessage(_ name: String, layer: Workspace.Layer, imported: Module) -> String {
        let allowed = layer.mayDependOn.isEmpty ? "no layer" : layer.mayDependOn.joined(separator: ", ")
        return "\(name) (\(layer.name)) must not depend on \(imported.name) (\(imported.layer)): \(layer.name) may depend on \(allowed)"
    }

    private func testSupportMessage(_ name: String) -> String {
        "\(name) must not depend on \(workspace.testSupport ?? ""): only Testing and test targets may"
    }

    private func injectionMessage(_ name: String) -> String {
        "\(name) must not import \(workspace.injection): only \(workspace.mayImportInjection.joined(separator: ", ")) may"
    }
}
