import Foundation

/// What `workspace new` was asked for.
struct ScaffoldRequest {
    let name: String
    let dependencies: [String]
    let layer: String?
    let template: ModuleTemplates.Template
}

/// Why `workspace new` refused.
struct ScaffoldError: Error, CustomStringConvertible {
    let description: String
}

/// Creates a module's folders, first files, manifest and first test, then regenerates Package.swift.
struct Scaffolder {
    let root: URL
    let workspace: Workspace

    /// Scaffolds `request`; returns the module and the paths created.
    func scaffold(_ request: ScaffoldRequest) throws -> (module: Module, paths: [String]) {
        let layer = try validate(request)
        let module = Module(
            name: request.name, layer: layer, dependencies: request.dependencies,
            manifest: "Manifests/Modules/\(request.name).swift")
        let files = ModuleTemplates.files(for: module, template: request.template)
        for path in files.keys where FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
            throw ScaffoldError(description: "\(path) already exists; remove it or pick another name")
        }
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        try Generator.generate(try ManifestLoader.load(root: root), root: root)
        return (module, files.keys.sorted())
    }

    private func validate(_ request: ScaffoldRequest) throws -> String {
        guard ModuleReader.isValidName(request.name) else {
            throw ScaffoldError(
                description: "'\(request.name)' is not a module name: use UpperCamelCase letters and digits, such as Favorites")
        }
        let taken = workspace.targetNames
        guard !taken.contains(request.name) && !taken.contains(request.name + "Testing") else {
            throw ScaffoldError(description: "a module or target named \(request.name) already exists")
        }
        for dependency in request.dependencies where workspace.module(dependency) == nil {
            let known = workspace.modules.map(\.name).sorted().joined(separator: ", ")
            throw ScaffoldError(description: "unknown dependency \(dependency) (modules: \(known))")
        }
        if request.dependencies.contains(workspace.injection) {
            throw ScaffoldError(
                description: "only \(workspace.mayImportInjection.joined(separator: ", ")) may depend on \(workspace.injection)")
        }
        let needed = Set(request.dependencies.compactMap { workspace.module($0)?.layer })
        if let name = request.layer {
            guard let layer = workspace.layer(name) else {
                throw ScaffoldError(description: "unknown layer \(name) (layers: \(workspace.layers.map(\.name).joined(separator: ", ")))")
            }
            guard needed.isSubset(of: layer.mayDependOn) else {
                throw ScaffoldError(
                    description: "layer \(name) may not depend on \(needed.subtracting(layer.mayDependOn).sorted().joined(separator: ", "))"
                )
            }
            return name
        }
        guard let layer = workspace.layers.last(where: { needed.isSubset(of: $0.mayDependOn) }) else {
            throw ScaffoldError(description: "no layer may depend on all of \(request.dependencies.joined(separator: ", ")); pass --layer")
        }
        return layer.name
    }
}
