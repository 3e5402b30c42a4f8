/// A manifest that cannot be read, with the file and line to fix.
public struct ManifestError: Error, Equatable, CustomStringConvertible {
    /// The manifest's path, relative to the workspace.
    public let file: String
    /// The 1-based line of the problem.
    public let line: Int
    /// What is wrong.
    public let message: String

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
