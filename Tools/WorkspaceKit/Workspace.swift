/// The whole workspace: its rules, its modules and the tool targets beside them.
public struct Workspace: Equatable, Sendable {
    /// A layer and the layers its modules may depend on.
    public struct Layer: Equatable, Sendable {
        /// The layer's name.
        public let name: String
        /// The layers its modules may import.
        public let mayDependOn: [String]
    }

    /// A target that is not a module: the workspace tool, benchmarks, architecture tests.
    public struct Tool: Equatable, Sendable {
        /// What SwiftPM builds.
        public enum Kind: String, Sendable {
            case library, executable, tests
        }

        /// The target's name.
        public let name: String
        /// Library, executable or tests.
        public let kind: Kind
        /// The target's folder.
        public let path: String
        /// Targets it depends on.
        public let dependencies: [String]
        /// For an executable: the file, relative to the workspace, that holds what it prints; nil for none.
        public let generates: String?
        /// For tests: the files and folders outside `path` they read at run time.
        public var reads: [String] = []
    }

    /// The package's name.
    public let name: String
    /// The lowest macOS version (`"15"`), for `Mutex` and Swift Testing.
    public let macOS: String
    /// The layers, outermost first.
    public let layers: [Layer]
    /// The dependency-injection module.
    public let injection: String
    /// The only modules that may import `injection`.
    public let mayImportInjection: [String]
    /// The module of helpers every test target shares (clocks, seeded random, scratch folders),
    /// given to every Testing and Tests target and to no product code; nil for none.
    public let testSupport: String?
    /// Tool targets, generated into Package.swift after the modules.
    public let tools: [Tool]
    /// Where to generate a Swift file with the module graph (for the program to print), if anywhere.
    public let moduleGraphFile: String?
    /// Whether every library module must have a DocC catalog.
    public let requiresCatalogs: Bool
    /// The modules, in manifest order.
    public let modules: [Module]
    /// The modules by name, for lookups in constant time.
    private let modulesByName: [String: Module]

    /// A workspace with the given rules and modules.
    public init(
        name: String, macOS: String, layers: [Layer], injection: String, mayImportInjection: [String],
        tools: [Tool], moduleGraphFile: String?, modules: [Module], testSupport: String? = nil, requiresCatalogs: Bool = false
    ) {
        self.requiresCatalogs = requiresCatalogs
        self.testSupport = testSupport
        self.name = name
        self.macOS = macOS
        self.layers = layers
        self.injection = injection
        self.mayImportInjection = mayImportInjection
        self.tools = tools
        self.moduleGraphFile = moduleGraphFile
        self.modules = modules
        self.modulesByName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The module named `name`, if any.
    public func module(_ name: String) -> Module? {
        modulesByName[name]
    }

    /// Every target name the workspace's modules and tools use.
    public var targetNames: Set<String> {
        Set(modules.flatMap(\.targetNames) + tools.map(\.name))
    }

    /// The layer named `name`, if any.
    public func layer(_ name: String) -> Layer? {
        layers.first { $0.name == name }
    }
}
