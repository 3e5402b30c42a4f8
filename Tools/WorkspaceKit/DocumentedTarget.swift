import Foundation

/// A target `workspace docs` documents: every library module, and every library tool whose folder
/// holds a documentation catalog (a `.docc` folder), such as `WorkspaceDescription`.
struct DocumentedTarget: Equatable {
    /// The target's name, also its module's and its page's.
    let name: String
    /// Its catalog relative to the workspace: the first `.docc` folder of its sources folder, or of
    /// the module's folder for a module whose target is the whole folder (one with resources, whose
    /// Package.swift entry lists `sources:`, which would compile a catalog inside them); nil when
    /// it has none and is documented from its symbols alone.
    let catalog: String?

    /// The targets of `workspace` at `root` to document, sorted by name.
    static func all(in workspace: Workspace, root: URL) -> [DocumentedTarget] {
        let modules = workspace.modules.filter { $0.kind == .library }.map {
            DocumentedTarget(name: $0.name, catalog: catalog(in: $0.sourcesDirectory, root: root) ?? catalog(in: $0.directory, root: root))
        }
        let tools = workspace.tools.filter { $0.kind == .library }.compactMap { tool in
            catalog(in: tool.path, root: root).map { DocumentedTarget(name: tool.name, catalog: $0) }
        }
        return (modules + tools).sorted { $0.name < $1.name }
    }

    /// The first `.docc` folder directly in `folder` (relative to `root`), by name.
    private static func catalog(in folder: String, root: URL) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".docc") }.sorted().first.map { "\(folder)/\($0)" }
    }
}
