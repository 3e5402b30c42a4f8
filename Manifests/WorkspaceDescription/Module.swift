/// One module: a library under `Modules/<Name>` or an executable under `App/<Name>`, with its
/// `<Name>Testing` and `Tests/<Name>Tests` targets.
public struct Module: Codable, Sendable {
    /// What the module builds.
    public enum Kind: String, Codable, Sendable {
        /// A library under `Modules/<Name>`.
        case library
        /// An executable under `App/<Name>`.
        case app
    }

    /// The module's name, also its target's: UpperCamelCase.
    public var name: String
    /// Library or app.
    public var kind: Kind
    /// Its layer; the workspace's rules say which layers it may import.
    public var layer: Layer
    /// The modules its sources import, and only those.
    public var dependencies: [String]
    /// More modules its tests may use (with their Testing targets), a seam one layer down; its
    /// Testing target may use them too (without theirs).
    public var testDependencies: [String]
    /// Folders under the module's folder copied as resources.
    public var resources: [String]
    /// The system C libraries it links.
    public var systemLibraries: [SystemLibrary]
    /// Whether it has `Modules/<Name>/Testing`; nil means yes for a library, no for an app.
    public var testing: Bool?
    /// Whether it has `Tests/<Name>Tests`.
    public var tests: Bool

    /// A module with the given parts; every part but the name and the layer has a default.
    public init(
        name: String, kind: Kind = .library, layer: Layer, dependencies: [String] = [], testDependencies: [String] = [],
        resources: [String] = [], systemLibraries: [SystemLibrary] = [], testing: Bool? = nil, tests: Bool = true
    ) {
        self.name = name
        self.kind = kind
        self.layer = layer
        self.dependencies = dependencies
        self.testDependencies = testDependencies
        self.resources = resources
        self.systemLibraries = systemLibraries
        self.testing = testing
        self.tests = tests
    }
}

/// The namespace every `Manifests/Modules/<Name>.swift` adds its module to, as `static let <Name>`.
public enum Modules {}
