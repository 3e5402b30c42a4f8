import Foundation

/// Reads `Manifests/` into a `Workspace`: the compiler compiles the manifests (cached, see
/// `ManifestBuild`), their program prints them, and `ManifestConversion` checks what it printed.
public enum ManifestLoader {
    /// The workspace's own manifest, relative to the workspace.
    public static let workspaceFile = "Manifests/Workspace.swift"

    /// The workspace at `root`; throws `ManifestError` naming the file and line of a problem,
    /// `ManifestCompileError` with the compiler's output for manifests that do not compile.
    public static func load(root: URL) throws -> Workspace {
        let sources = try ManifestSources(root: root)
        return try ManifestConversion(sources: sources).workspace(from: try ManifestBuild(root: root).output(for: sources))
    }
}
