import Foundation

/// Removes a module nothing depends on: its manifest, its folders, and what `generate` writes.
struct ModuleRemover {
    let root: URL
    let workspace: Workspace

    /// What a removal did to the tree.
    struct Removal: Equatable {
        /// The paths removed: the module's manifest and folders, and its assembly if it had one.
        var removed: [String]
        /// The composition root's files rewritten to unregister it (its list entry, the bundled
        /// service put back in a port's assembly, the root's manifest); empty when it was not registered.
        var unregistered: [String] = []
    }

    /// Removes `name`; returns what it removed and what it rewrote.
    func remove(_ name: String) throws -> Removal {
        guard let module = workspace.module(name) else { throw ScaffoldError(description: "unknown module \(name)") }
        guard name != workspace.injection else {
            throw ScaffoldError(description: "\(name) is the workspace's injection module (Manifests/Workspace.swift)")
        }
        let ownTargets = Set(module.targetNames)
        // A feature the tool registered in the composition root is unregistered with it: its
        // assembly, its entry in the list and the root's dependency on it go too.
        let registration = FeatureRegistration.find(in: workspace, at: root).flatMap { registration in
            FileManager.default.fileExists(atPath: root.appendingPathComponent(registration.assemblyPath(name)).path)
                && registration.importsOnlyInAssembly(name) ? registration : nil
        }
        // An adapter the tool registered as its port's live service gives the place back to the
        // bundled one, and the root's dependency on it goes.
        let adapter = try registeredAdapter(module)
        let composition = registration?.root.name ?? adapter?.registration.root.name
        let dependents =
            workspace.modules.filter { other in
                other.name != name && other.name != composition
                    && !ownTargets.isDisjoint(with: other.targetDependencies + other.companions.flatMap(\.dependencies))
            }.map(\.name)
            + workspace.tools.filter { !ownTargets.isDisjoint(with: $0.dependencies) }.map(\.name)
        guard dependents.isEmpty else {
            let verb = dependents.count == 1 ? "depends" : "depend"
            throw ScaffoldError(
                description: "cannot remove \(name): \(dependents.sorted().joined(separator: ", ")) \(verb) on it; "
                    + "remove \(name) from \(dependents.count == 1 ? "its" : "their") manifest dependencies and imports first "
                    + "(or remove \(dependents.count == 1 ? "it" : "them") first), then run this again")
        }
        let removed = ([module.manifest] + module.outermostFolders).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        // All or nothing: what was removed is put back when a step fails or a signal ends the tool.
        return try ChangeJournal.transaction(root: root) { journal in
            var outcome = Removal(removed: removed)
            for path in removed { try journal.remove(path) }
            if let registration {
                try journal.remove(registration.assemblyPath(name))
                outcome.removed.append(registration.assemblyPath(name))
                if let listed = try registration.unlisted(removing: ServiceTemplate.lowerCamelCase(name)) {
                    try journal.write(listed, to: registration.listPath)
                    outcome.unregistered.append(registration.listPath)
                }
            }
            if let (registration, port, text) = adapter {
                try journal.write(text, to: registration.assemblyPath(port))
                outcome.unregistered.append(registration.assemblyPath(port))
            }
            if let composition = registration?.root ?? adapter?.registration.root,
                let manifest = try ManifestEditor(root: root).removingDependency(name, from: composition.manifest)
            {
                try journal.write(manifest, to: composition.manifest)
                outcome.unregistered.append(composition.manifest)
            }
            // A folder the module alone used (`Examples` for a feature's example) goes with it.
            for folder in Set(removed.map { ($0 as NSString).deletingLastPathComponent }).sorted(by: >) {
                var parent = folder
                while !parent.isEmpty,
                    (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path))?.isEmpty == true
                {
                    try journal.remove(parent)
                    parent = (parent as NSString).deletingLastPathComponent
                }
            }
            try journal.generate(try ManifestLoader.load(root: root))
            return outcome
        }
    }

    /// Where `new --template adapter` registered `module` as its port's live service (the root's
    /// registration, the port, and the port's assembly with the bundled service back), or nil.
    private func registeredAdapter(_ module: Module) throws -> (registration: FeatureRegistration, port: String, text: String)? {
        guard let registration = FeatureRegistration.find(in: workspace, at: root) else { return nil }
        for port in module.dependencies {
            guard let text = try registration.unregistered(module.name, port: port),
                registration.importsOnlyInAssembly(module.name, of: port)
            else { continue }
            return (registration, port, text)
        }
        return nil
    }
}
