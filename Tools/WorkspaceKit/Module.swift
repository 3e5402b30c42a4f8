import WorkspaceDescription

/// One module of the workspace, as its manifest declares it: every folder and dependency is the
/// manifest's, none is derived here.
public struct Module: Equatable, Sendable {
    /// What the module builds.
    public enum Kind: String, Sendable {
        /// A library.
        case library
        /// An executable, the program that composes the others.
        case app
    }

    /// A target that goes with the module (Testing, tests, example): name, folder, dependencies.
    public typealias Target = WorkspaceDescription.Module.Target

    /// The module's name, also its target's.
    public let name: String
    /// Library or app.
    public let kind: Kind
    /// The layer it belongs to; the workspace rules say which layers it may depend on.
    public let layer: String
    /// The folder that holds the module, with its resources and system libraries.
    public let directory: String
    /// The folder of its sources.
    public let sourcesDirectory: String
    /// The modules it imports directly, and only those.
    public let dependencies: [String]
    /// Resource folders, relative to the module's folder, copied as they are.
    public let resources: [String]
    /// The system C libraries it links, each a `.systemLibrary` target it depends on.
    public let systemLibraries: [SystemLibrary]
    /// Its test-support target with its doubles and spec suites, if any.
    public let testing: Target?
    /// Its test target, if any.
    public let tests: Target?
    /// Its example program, which runs it without the product, if any.
    public let example: Target?
    /// The manifest it was read from, relative to the workspace.
    public let manifest: String

    /// A module with the given parts.
    public init(
        name: String, kind: Kind = .library, layer: String, directory: String, sourcesDirectory: String, dependencies: [String] = [],
        resources: [String] = [], systemLibraries: [SystemLibrary] = [], testing: Target? = nil, tests: Target? = nil,
        example: Target? = nil, manifest: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.layer = layer
        self.directory = directory
        self.sourcesDirectory = sourcesDirectory
        self.dependencies = dependencies
        self.resources = resources
        self.systemLibraries = systemLibraries
        self.testing = testing
        self.tests = tests
        self.example = example
        self.manifest = manifest
    }

    /// What its library target depends on: its modules, then its system libraries.
    public var targetDependencies: [String] {
        dependencies + systemLibraries.map(\.name)
    }

    /// The targets that go with it, in the order Testing, tests, example.
    public var companions: [Target] {
        [testing, tests, example].compactMap { $0 }
    }

    /// Every target name it declares: its own, its system libraries' and its companions'.
    public var targetNames: [String] {
        [name] + systemLibraries.map(\.name) + companions.map(\.name)
    }

    /// The folders that hold it, none inside another: its own folder and each companion's
    /// outside it (`Tests/<Name>Tests`, `Examples/<Name>Example`).
    public var outermostFolders: [String] {
        let folders = [directory] + companions.map(\.path)
        return folders.filter { folder in !folders.contains { folder.hasPrefix($0 + "/") } }
    }

    /// Whether it has a test-support target.
    public var hasTesting: Bool { testing != nil }

    /// Whether it has a test target.
    public var hasTests: Bool { tests != nil }

    /// The name of its test-support target (`<Name>Testing` when it has none, for messages).
    public var testingName: String { testing?.name ?? "\(name)Testing" }

    /// The name of its test target (`<Name>Tests` when it has none, for messages).
    public var testsName: String { tests?.name ?? "\(name)Tests" }
}
