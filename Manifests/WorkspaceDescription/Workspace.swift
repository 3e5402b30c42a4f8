/// The workspace's rules: its layers, the injection module, the test-support module and the tool targets.
public struct Workspace: Codable, Sendable {
    /// The package's name.
    public let name: String
    /// The lowest macOS version (`"15"`).
    public let macOS: String
    /// The layers, outermost first, with what each may import.
    public let layers: [LayerRule]
    /// The dependency-injection module.
    public let injection: String
    /// The only modules that may import `injection`.
    public let mayImportInjection: [String]
    /// The module of helpers every test target shares; nil for none.
    public let testSupport: String?
    /// Where to generate a Swift file with the module graph, if anywhere.
    public let moduleGraphFile: String?
    /// The targets that are not modules, generated into Package.swift after the modules.
    public let tools: [Tool]
    /// Whether `check` requires a DocC catalog (`<Name>.docc`) in every library module.
    public let requiresCatalogs: Bool

    /// A workspace with the given rules.
    public init(
        name: String, macOS: String, layers: [LayerRule], injection: String, mayImportInjection: [String],
        testSupport: String? = nil, moduleGraphFile: String? = nil, requiresCatalogs: Bool = false, tools: [Tool] = []
    ) {
        self.name = name
        self.macOS = macOS
        self.layers = layers
        self.injection = injection
        self.mayImportInjection = mayImportInjection
        self.testSupport = testSupport
        self.moduleGraphFile = moduleGraphFile
        self.tools = tools
        self.requiresCatalogs = requiresCatalogs
    }
}
