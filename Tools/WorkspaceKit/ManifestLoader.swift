import Foundation

/// Reads `Manifests/` into a `Workspace`: the compiler compiles the manifests (cached, see
/// `ManifestBuild`), their program prints them, and `ManifestConversion` checks what it printed.
public enum ManifestLoader {
    /// The workspace's own manifest, relative to the workspace.
    public static let workspaceFile = "Manifests/Workspace.swift"
    /// The folder of the manifests' helpers (`Manifests/Helpers/**/*.swift`), with its slash.
    public static let helpersFolder = "Manifests/Helpers/"
    /// The folder of the module manifests, with its slash.
    public static let modulesFolder = "Manifests/Modules/"

    /// Whether `path` is a file the manifests are compiled from (Workspace.swift, a module
    /// manifest, a helper), not the description library nor the editors' Package.swift.
    public static func isManifest(_ path: String) -> Bool {
        path.hasSuffix(".swift") && (path == workspaceFile || path.hasPrefix(modulesFolder) || path.hasPrefix(helpersFolder))
    }

    /// The workspace at `root`; throws `ManifestError` naming the file and line of a problem,
    /// `ManifestCompileError` with the compiler's output for manifests that do not compile or
    /// whose program fails, `UsageError` for a bad `EXCELSIOR_MANIFEST_TIMEOUT`.
    public static func load(root: URL) throws -> Workspace {
        let sources = try ManifestSources(root: root)
        let build = ManifestBuild(root: root, timeout: try ManifestTimeout.from())
        return try ManifestConversion(sources: sources).workspace(from: try build.output(for: sources))
    }
}
