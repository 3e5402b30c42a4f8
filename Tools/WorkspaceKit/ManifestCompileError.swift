/// Manifests the compiler refused, or whose program failed: the compiler's (or program's) own
/// output, with the manifests' paths relative to the workspace.
public struct ManifestCompileError: Error, CustomStringConvertible {
    /// What the compiler printed, in one block.
    public let output: String

    /// The compiler's output.
    public var description: String { output }
}
