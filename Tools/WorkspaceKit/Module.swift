/// One module of the workspace, as its manifest declares it.
public struct Module: Equatable, Sendable {
    /// What the module builds.
    public enum Kind: String, Sendable {
        /// A library under `Modules/<Name>`.
        case library
        /// An executable under `App/<Name>`.
        case app
    }

    /// The module's name, also its target's.
    public let name: String
    /// Library or app.
    public let kind: Kind
    /// The layer it belongs to; the workspace rules say which layers it may depend on.
    public let layer: String
    /// The modules it imports directly, and only those.
    public let dependencies: [String]
    /// Modules its tests may use besides its own dependencies (with their Testing targets), for
    /// a seam one layer further down, such as the HTTP under an API client.
    public let testDependencies: [String]
    /// Resource folders, relative to the module's folder, copied as they are.
    public let resources: [String]
    /// The system C libraries it links, each a `.systemLibrary` target it depends on.
    public let systemLibraries: [SystemLibrary]
    /// Whether it has a `<Name>Testing` target with its doubles and spec suites.
    public let hasTesting: Bool
    /// Whether it has a `Tests/<Name>Tests` target.
    public let hasTests: Bool
    /// The manifest it was read from, relative to the workspace.
    public let manifest: String

    /// A module with the given parts.
    public init(
        name: String, kind: Kind = .library, layer: String, dependencies: [String] = [], testDependencies: [String] = [],
        resources: [String] = [],
        systemLibraries: [SystemLibrary] = [], hasTesting: Bool = true, hasTests: Bool = true, manifest: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.layer = layer
        self.dependencies = dependencies
        self.testDependencies = testDependencies
        self.resources = resources
        self.systemLibraries = systemLibraries
        self.hasTesting = hasTesting
        self.hasTests = hasTests
        self.manifest = manifest
    }

    /// The folder that holds the module: `Modules/<Name>` or `App/<Name>`.
    public var directory: String {
        kind == .app ? "App/\(name)" : "Modules/\(name)"
    }

    /// The folder of its sources.
    public var sourcesDirectory: String {
        kind == .app ? directory : "\(directory)/Sources"
    }

    /// What its library target depends on: its modules, then its system libraries.
    public var targetDependencies: [String] {
        dependencies + systemLibraries.map(\.name)
    }

    /// The name of its test-support target.
    public var testingName: String { "\(name)Testing" }

    /// The folder of its test-support target.
    public var testingDirectory: String { "\(directory)/Testing" }

    /// The name of its test target.
    public var testsName: String { "\(name)Tests" }

    /// The folder of its test target.
    public var testsDirectory: String { "Tests/\(testsName)" }
}
