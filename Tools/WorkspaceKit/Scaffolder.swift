import Foundation

/// What `workspace new` was asked for.
struct ScaffoldRequest {
    let name: String
    let dependencies: [String]
    let layer: String?
    let template: ModuleTemplates.Template
    /// The module whose protocol an adapter implements (`--port`).
    var port: String? = nil
    /// The technology an adapter implements it over (`--technology`).
    var technology: String? = nil
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
    func scaffold(_ asked: ScaffoldRequest) throws -> (module: Module, paths: [String], changed: [String]) {
        let (request, technology) = try adapterRequest(asked)
        let layer = try validate(request)
        let port = try request.port.flatMap(workspace.module).map { try AdapterPort.find($0, root: root) }
        let allowed = workspace.layer(ModuleTemplates.featureLayer)?.mayDependOn ?? []
        let withCommand =
            request.template == .feature
            && FeatureCommandTemplate.kit.allSatisfy { workspace.module($0).map { allowed.contains($0.layer) } ?? false }
        let word = FeatureCommandTemplate.word(request.name)
        if withCommand, let place = FeatureCommandTemplate.takenWords(in: workspace, root: root)[word] {
            throw ScaffoldError(description: "the command '\(word)' is already declared in \(place); pick another name")
        }
        let registration = withCommand || port != nil ? FeatureRegistration.find(in: workspace, at: root) : nil
        let manifest = ManifestLoader.modulesFolder + "\(request.name).swift"
        if FileManager.default.fileExists(atPath: url(manifest).path) {
            throw ScaffoldError(description: "\(manifest) already exists; remove it or pick another name")
        }
        // All or nothing: what was written is put back when a step fails or a signal ends the tool.
        return try ChangeJournal.transaction(root: root) { journal in
            let helpers = root.appendingPathComponent(ManifestLoader.helpersFolder + "Module+Adapter.swift")
            let text =
                port == nil
                ? ModuleTemplates.manifest(for: request, layer: layer, withCommand: withCommand)
                : ModuleTemplates.adapterManifest(for: request, withHelper: FileManager.default.fileExists(atPath: helpers.path))
            try journal.write(text, to: manifest)
            let updated = try ManifestLoader.load(root: root)
            guard let module = updated.module(request.name) else {
                throw ScaffoldError(description: "\(manifest) does not declare \(request.name); check Manifests/Helpers")
            }
            guard module.testing != nil || port != nil, module.tests != nil, request.template != .feature || module.example != nil else {
                throw ScaffoldError(description: "\(manifest)'s helper declares no Testing, test or example target for the template")
            }
            let adapter = port.map { AdapterTemplate(module: module, port: $0, technology: technology ?? .sqlite) }
            var files = adapter?.files ?? ModuleTemplates.files(for: module, template: request.template, withCommand: withCommand)
            var changed: [String] = []
            if let adapter, let registration, let port,
                FileManager.default.fileExists(atPath: url(registration.assemblyPath(port.module.name)).path)
            {
                try journal.write(try registration.registered(adapter), to: registration.assemblyPath(port.module.name))
                journal.willWrite(registration.root.manifest)
                _ = try ManifestEditor(root: root).addDependencies([request.name], to: registration.root.manifest)
                changed = [registration.assemblyPath(port.module.name), registration.root.manifest]
            } else if adapter == nil, let registration {
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
            try journal.generate(changed.isEmpty ? updated : try ManifestLoader.load(root: root))
            return (module, ([manifest] + files.keys).sorted(), changed)
        }
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// `request` as the adapter template needs it (its port and technology among its
    /// dependencies) and its technology; a refusal when a part is missing or unknown, or when
    /// `--port` or `--technology` is given to another template.
    private func adapterRequest(_ request: ScaffoldRequest) throws -> (ScaffoldRequest, AdapterTemplate.Technology?) {
        guard request.template == .adapter else {
            guard request.port == nil, request.technology == nil else {
                throw ScaffoldError(description: "--port and --technology are for --template adapter")
            }
            return (request, nil)
        }
        guard let port = request.port, let name = request.technology else {
            throw ScaffoldError(
                description: "an adapter needs --port and --technology, such as "
                    + "'new SQLiteForecasts --template adapter --port Forecasts --technology SQLite'")
        }
        let known = AdapterTemplate.Technology.allCases.map(\.rawValue)
        guard let technology = AdapterTemplate.Technology(rawValue: name) else {
            throw ScaffoldError(
                description: "the adapter template implements ports over \(known.joined(separator: ", ")), not \(name); "
                    + "write a \(name) adapter by hand (`new <Name> --layer adapter --dependencies \(port),\(name)`)")
        }
        for module in [port, name] where workspace.module(module) == nil {
            throw ScaffoldError(
                description: "the adapter's \(module == port ? "port" : "technology") \(module) is not a module of the workspace")
        }
        let adapter = ScaffoldRequest(
            name: request.name, dependencies: Array(Set([port, name] + request.dependencies)).sorted(), layer: request.layer,
            template: .adapter, port: port, technology: name)
        return (adapter, technology)
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
        if request.template == .adapter {
            guard request.layer == nil || request.layer == ModuleTemplates.adapterLayer else {
                throw ScaffoldError(description: "an adapter is in the \(ModuleTemplates.adapterLayer) layer; leave out --layer")
            }
            guard let layer = workspace.layer(ModuleTemplates.adapterLayer), needed.isSubset(of: layer.mayDependOn) else {
                throw ScaffoldError(
                    description: "the workspace has no \(ModuleTemplates.adapterLayer) layer that may depend on the port and technology")
            }
            return layer.name
        }
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
