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
    /// Tool targets, generated into Package.swift after the modules.
    public let tools: [Tool]
    /// Where to generate a Swift file with the module graph (for the program to print), if anywhere.
    public let moduleGraphFile: String?
    /// The modules, by name.
    public let modules: [Module]

    /// The module named `name`, if any.
    public func module(_ name: String) -> Module? {
        modules.first { $0.name == name }
    }

    /// The layer named `name`, if any.
    public func layer(_ name: String) -> Layer? {
        layers.first { $0.name == name }
    }
}
