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

    /// A library target at `path`.
    public static func library(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .library, path: path, dependencies: dependencies)
    }

    /// An executable target at `path`.
    public static func executable(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .executable, path: path, dependencies: dependencies)
    }

    /// A test target at `path`.
    public static func tests(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .tests, path: path, dependencies: dependencies)
    }
}
