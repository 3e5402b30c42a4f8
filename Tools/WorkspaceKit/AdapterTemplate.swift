/// An adapter's first files, for a port the service or feature template wrote: the port's
/// protocol implemented in full over one technology (`<Technology><Protocol>`), tests that run
/// the port's contract suite against it and one that its items outlive it, and its catalog.
struct AdapterTemplate {
    /// The technologies the template implements a port over: each a module of the workspace.
    enum Technology: String, CaseIterable {
        /// An SQLite file in the program's data directory, through the workspace's `SQLite` module.
        case sqlite = "SQLite"

        /// How the registration opens the adapter, after its type's name, from the program's
        /// configuration.
        var openingSuffix: String {
            switch self {
            case .sqlite: "(directory: configuration.userDataDirectory())"
            }
        }

        /// Where the registered adapter keeps its items, as its assembly's doc comment says it.
        var place: String {
            switch self {
            case .sqlite: "in the data directory"
            }
        }
    }

    /// The adapter module.
    let module: Module
    /// The port it implements.
    let port: AdapterPort
    /// What it implements it over.
    let technology: Technology

    /// The type that implements the port, such as `SQLiteForecastsService`.
    var typeName: String { "\(technology.rawValue)\(port.protocolName)" }

    /// The word the port's command is, which names its file or tables, such as `forecasts`.
    var word: String { FeatureCommandTemplate.word(port.module.name) }

    var files: [String: String] {
        [
            "\(module.sourcesDirectory)/\(typeName).swift": sqliteSource,
            "\(module.testsPath)/\(typeName)Tests.swift": sqliteTests,
            ModuleTemplates.catalogPath(module): catalog,
        ]
    }

    /// The registration that makes it the port's live implementation in the composition root:
    /// a `single` that opens it where the program's configuration says.
    var registration: [String] {
        [
            "single { (resolver: AsyncResolver) async throws -> any \(port.protocolName) in", "    " + Self.configurationLine,
            "    return try \(typeName)\(technology.openingSuffix)", "}",
        ]
    }

    /// The registration's line that resolves the program's configuration.
    static let configurationLine = "let configuration: AppConfiguration = try await resolver()"

    /// The port's contract suite, such as `ForecastsServiceContract`.
    var contract: String { "\(port.protocolName)Contract" }

    private var catalog: String {
        """
        # ``\(module.name)``

        \(port.module.name)'s `\(port.protocolName)` over \(technology.rawValue).

        ## Overview

        `\(typeName)` keeps \(port.module.name)'s items in `\(fileName)`. Its tests run \
        `\(port.protocolName)Contract` from `\(port.module.name)Testing` against it, as they run against every \
        implementation of the port; only the composition root imports it.

        ## Topics

        ### Essentials

        - ``\(typeName)``

        """
    }
}
