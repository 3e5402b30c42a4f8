import Foundation

/// The composition root declares what it composes: `generate` adds to the root's manifest each
/// module of the workspace its sources import and the manifest does not list yet. So registering
/// a backend by hand is its composer and its line in a list, and the manifest follows.
enum RootDependencies {
    /// The workspace's modules `registration`'s root imports but does not declare, sorted;
    /// the test-support module is left to `check`, which refuses it there.
    static func missing(_ workspace: Workspace, registration: FeatureRegistration) -> [String] {
        let root = registration.root
        let folder = registration.workspace.appendingPathComponent(root.sourcesDirectory)
        var imported = Set<String>()
        for file in SourceFiles.swiftFiles(in: folder, excluding: []) {
            guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { continue }
            for found in ImportScanner.imports(in: text) { imported.insert(found.module) }
        }
        return imported.filter { name in
            name != root.name && name != workspace.testSupport && workspace.module(name) != nil && !root.dependencies.contains(name)
        }.sorted()
    }

    /// Adds what `missing` finds to the root's manifest; returns the manifest's path and the
    /// modules added, or nil when the workspace has no root or it lacks nothing.
    static func update(_ workspace: Workspace, root: URL) throws -> (manifest: String, added: [String])? {
        guard let registration = FeatureRegistration.find(in: workspace, at: root) else { return nil }
        let added = missing(workspace, registration: registration)
        guard !added.isEmpty else { return nil }
        _ = try ManifestEditor(root: root).addDependencies(added, to: registration.root.manifest)
        return (registration.root.manifest, added)
    }
}
