/// A target that is not a module: the workspace tool, benchmarks, integration and fault tests.
public struct Tool: Codable, Sendable {
    /// What SwiftPM builds.
    public enum Kind: String, Codable, Sendable {
        /// A library target.
        case library
        /// An executable target.
        case executable
        /// A test target.
        case tests
    }

    /// The target's name.
    public let name: String
    /// Library, executable or tests.
    public let kind: Kind
    /// The target's folder, relative to the workspace.
    public let path: String
    /// The targets it depends on.
    public let dependencies: [String]
    /// For an executable: the file, relative to the workspace, that holds what it prints. `generate`
    /// writes it and `check` reports it when it differs; nil for none.
    public let generates: String?

    /// A library target at `path`.
    public static func library(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .library, path: path, dependencies: dependencies, generates: nil)
    }

    /// An executable target at `path`; what it prints is the file `generates` names, if any.
    public static func executable(name: String, path: String, dependencies: [String] = [], generates: String? = nil) -> Tool {
        Tool(name: name, kind: .executable, path: path, dependencies: dependencies, generates: generates)
    }

    /// A test target at `path`.
    public static func tests(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .tests, path: path, dependencies: dependencies, generates: nil)
    }
}
