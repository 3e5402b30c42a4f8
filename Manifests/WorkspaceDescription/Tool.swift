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
    /// For tests: the files and folders outside `path` that they read at run time, relative to the
    /// workspace; a change to one selects them.
    public let reads: [String]

    private init(name: String, kind: Kind, path: String, dependencies: [String], generates: String?, reads: [String] = []) {
        self.name = name
        self.kind = kind
        self.path = path
        self.dependencies = dependencies
        self.generates = generates
        self.reads = reads
    }

    /// Decodes a tool; one written without `reads` reads nothing outside its folder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        path = try container.decode(String.self, forKey: .path)
        dependencies = try container.decode([String].self, forKey: .dependencies)
        generates = try container.decodeIfPresent(String.self, forKey: .generates)
        reads = try container.decodeIfPresent([String].self, forKey: .reads) ?? []
    }

    /// A library target at `path`.
    public static func library(name: String, path: String, dependencies: [String] = []) -> Tool {
        Tool(name: name, kind: .library, path: path, dependencies: dependencies, generates: nil)
    }

    /// An executable target at `path`; what it prints is the file `generates` names, if any.
    public static func executable(name: String, path: String, dependencies: [String] = [], generates: String? = nil) -> Tool {
        Tool(name: name, kind: .executable, path: path, dependencies: dependencies, generates: generates)
    }

    /// A test target at `path` that reads `reads` (files and folders outside `path`) at run time.
    public static func tests(name: String, path: String, dependencies: [String] = [], reads: [String] = []) -> Tool {
        Tool(name: name, kind: .tests, path: path, dependencies: dependencies, generates: nil, reads: reads)
    }
}
