/// One module: its main target and the targets that go with it (test support, tests, an example
/// program), each spelled out with its folder and dependencies. The workspace's conventions live
/// in the helpers of `Manifests/Helpers/` (`Module.library`, `.feature`, `.adapter`, `.app`); the
/// tool writes exactly what a `Module` says.
public struct Module: Codable, Sendable {
    /// What the module's main target builds.
    public enum Kind: String, Codable, Sendable {
        /// A library target.
        case library
        /// An executable target: the program that composes the others.
        case app
    }

    /// A target that goes with a module: its name, its folder and what it imports.
    public struct Target: Codable, Equatable, Sendable {
        /// The target's name.
        public var name: String
        /// Its folder, relative to the workspace.
        public var path: String
        /// The targets it imports, and only those.
        public var dependencies: [String]
        /// The files and folders outside its own folder that its code reads at run time (fixtures,
        /// docs, other targets' sources), relative to the workspace: a change to one selects it.
        public var reads: [String]

        /// A target named `name` in `path` that imports `dependencies` and reads `reads`.
        public init(name: String, path: String, dependencies: [String], reads: [String] = []) {
            self.name = name
            self.path = path
            self.dependencies = dependencies
            self.reads = reads
        }

        /// Decodes a target; one written without `reads` reads nothing outside its folder.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            path = try container.decode(String.self, forKey: .path)
            dependencies = try container.decode([String].self, forKey: .dependencies)
            reads = try container.decodeIfPresent([String].self, forKey: .reads) ?? []
        }
    }

    /// The module's name, also its main target's: UpperCamelCase.
    public var name: String
    /// Library or app.
    public var kind: Kind
    /// Its layer; the workspace's rules say which layers it may import.
    public var layer: Layer
    /// The folder that holds the module, relative to the workspace: its resources and system
    /// libraries' module maps live in it.
    public var directory: String
    /// The folder of the main target's sources, relative to the workspace.
    public var sources: String
    /// The modules its sources import, and only those.
    public var dependencies: [String]
    /// Folders under `directory` copied as resources.
    public var resources: [String]
    /// The system C libraries it links.
    public var systemLibraries: [SystemLibrary]
    /// Its test-support target (doubles, contract suites), or nil for none.
    public var testing: Target?
    /// Its test target, or nil for none.
    public var tests: Target?
    /// A program that runs the module without the product, or nil for none.
    public var example: Target?

    /// A module with every part given; the helpers in `Manifests/Helpers/` fill them in by convention.
    public init(
        name: String, kind: Kind = .library, layer: Layer, directory: String, sources: String, dependencies: [String] = [],
        resources: [String] = [], systemLibraries: [SystemLibrary] = [], testing: Target? = nil, tests: Target? = nil,
        example: Target? = nil
    ) {
        self.name = name
        self.kind = kind
        self.layer = layer
        self.directory = directory
        self.sources = sources
        self.dependencies = dependencies
        self.resources = resources
        self.systemLibraries = systemLibraries
        self.testing = testing
        self.tests = tests
        self.example = example
    }
}

/// The namespace every `Manifests/Modules/<Name>.swift` adds its module to, as `static let <Name>`.
public enum Modules {}
