import Foundation

/// The composition root's manifest follows its imports: `generate` declares each module of the
/// workspace the root's sources import, and takes out each one they no longer import (which
/// `check` would refuse). So registering a backend by hand is its composer and its line in a
/// list, and unregistering it is taking those out; the manifest follows.
enum RootDependencies {
    /// What the root's manifest lacks and holds in vain, each sorted.
    struct Difference: Equatable {
        /// The workspace's modules the root imports and does not declare.
        var missing: [String]
        /// The workspace's modules the root declares and does not import.
        var unused: [String]
    }

    /// How `registration`'s root's declared dependencies differ from its imports; the test-support
    /// module is left to `check`, which refuses it there.
    static func difference(_ workspace: Workspace, registration: FeatureRegistration) -> Difference {
        let root = registration.root
        let folder = registration.workspace.appendingPathComponent(root.sourcesDirectory)
        var imported = Set<String>()
        for file in SourceFiles.swiftFiles(in: folder, excluding: []) {
            guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { continue }
            for found in ImportScanner.imports(in: text) { imported.insert(found.module) }
        }
        let modules = imported.filter { $0 != root.name && $0 != workspace.testSupport && workspace.module($0) != nil }
        return Difference(
            missing: modules.subtracting(root.dependencies).sorted(),
            unused: root.dependencies.filter { workspace.module($0) != nil && !imported.contains($0) }.sorted())
    }

    /// Brings the root's manifest in line with its imports; returns the manifest's path and the
    /// difference it mended, or nil when the workspace has no root or nothing differs.
    static func update(_ workspace: Workspace, root: URL) throws -> (manifest: String, mended: Difference)? {
        guard let registration = FeatureRegistration.find(in: workspace, at: root) else { return nil }
        let difference = difference(workspace, registration: registration)
        guard difference != Difference(missing: [], unused: []) else { return nil }
        let editor = ManifestEditor(root: root)
        let manifest = registration.root.manifest
        if !difference.missing.isEmpty { _ = try editor.addDependencies(difference.missing, to: manifest) }
        for name in difference.unused {
            if let text = try editor.removingDependency(name, from: manifest) {
                try text.write(to: root.appendingPathComponent(manifest), atomically: true, encoding: .utf8)
            }
        }
        return (manifest, difference)
    }
}
