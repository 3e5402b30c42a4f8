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

    /// Scaffolds `request`; returns the module, the paths created and the paths changed. The
    /// manifest comes first: the workspace's helpers say where the module's folders are, and the
    /// files go there. A feature in a workspace with the command-line kit gets a command, and where
    /// the composition root lists features (`FeatureRegistration`) it is registered there too.
    func scaffold(_ request: ScaffoldRequest) throws -> (module: Module, paths: [String], changed: [String]) {
        let layer = try validate(request)
        let allowed = workspace.layer(ModuleTemplates.featureLayer)?.mayDependOn ?? []
        let withCommand =
            request.template == .feature
            && FeatureCommandTemplate.kit.allSatisfy { workspace.module($0).map { allowed.contains($0.layer) } ?? false }
        let registration = withCommand ? FeatureRegistration.find(in: workspace, at: root) : nil
        let manifest = ManifestLoader.modulesFolder + "\(request.name).swift"
        if FileManager.default.fileExists(atPath: url(manifest).path) {
            throw ScaffoldError(description: "\(manifest) already exists; remove it or pick another name")
        }
        // All or nothing: what was written is put back when a step fails or a signal ends the tool.
        return try ChangeJournal.transaction(root: root) { journal in
            try journal.write(ModuleTemplates.manifest(for: request, layer: layer, withCommand: withCommand), to: manifest)
            let updated = try ManifestLoader.load(root: root)
            guard let module = updated.module(request.name) else {
                throw ScaffoldError(description: "\(manifest) does not declare \(request.name); check Manifests/Helpers")
            }
            guard module.testing != nil, module.tests != nil, request.template != .feature || module.example != nil else {
                throw ScaffoldError(description: "\(manifest)'s helper declares no Testing, test or example target for the template")
            }
            var files = ModuleTemplates.files(for: module, template: request.template, withCommand: withCommand)
            var changed: [String] = []
            if let registration {
                files[registration.assemblyPath(request.name)] = FeatureRegistration.assembly(request.name)
                let listed = try registration.listed(adding: ServiceTemplate.lowerCamelCase(request.name))
                try journal.write(listed, to: registration.listPath)
                journal.willWrite(registration.root.manifest)
                _ = try ManifestEditor(root: root).addDependencies([request.name], to: registration.root.manifest)
                changed = [registration.listPath, registration.root.manifest]
            }
            for path in files.keys where FileManager.default.fileExists(atPath: url(path).path) {
                throw ScaffoldError(description: "\(path) already exists; remove it or pick another name")
            }
            for path in files.keys.sorted() { try journal.write(files[path] ?? "", to: path) }
            try journal.generate(registration == nil ? updated : try ManifestLoader.load(root: root))
            return (module, ([manifest] + files.keys).sorted(), changed)
        }
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    private func validate(_ request: ScaffoldRequest) throws -> String {
        if let refusal = ModuleNames.refusal(request.name) { throw ScaffoldError(description: refusal) }
        if let clash = ModuleNames.clash(request.name, taken: workspace.targetNames) { throw ScaffoldError(description: clash) }
        for dependency in request.dependencies where workspace.module(dependency) == nil {
            let known = workspace.modules.map(\.name).sorted().joined(separator: ", ")
            throw ScaffoldError(description: "unknown dependency \(dependency) (modules: \(known))")
        }
        if request.dependencies.contains(workspace.injection) {
            throw ScaffoldError(
                description: "only \(workspace.mayImportInjection.joined(separator: ", ")) may depend on \(workspace.injection)")
        }
        let needed = Set(request.dependencies.compactMap { workspace.module($0)?.layer })
        if request.template == .feature {
            guard request.layer == nil || request.layer == ModuleTemplates.featureLayer else {
                throw ScaffoldError(description: "a feature is in the \(ModuleTemplates.featureLayer) layer; leave out --layer")
            }
            guard let layer = workspace.layer(ModuleTemplates.featureLayer) else {
                throw ScaffoldError(description: "the workspace has no \(ModuleTemplates.featureLayer) layer for a feature")
            }
            guard needed.isSubset(of: layer.mayDependOn) else {
                let refused = needed.subtracting(layer.mayDependOn).sorted().joined(separator: ", ")
                throw ScaffoldError(description: "a feature may not depend on the layers \(refused)")
            }
            return layer.name
        }
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
