/// An adapter's first files, for a port the service or feature template wrote: the port's
/// protocol implemented in full over one technology (`<Technology><Protocol>`), tests that run
/// the port's contract suite against it and one that its items outlive it, and its catalog.
struct AdapterTemplate {
    /// The technologies the template implements a port over: each a module of the workspace.
    enum Technology: String, CaseIterable {
        /// An SQLite file, through the workspace's `SQLite` module.
        case sqlite = "SQLite"
    }

    /// The adapter module.
    let module: Module
    /// The port it implements.
    let port: AdapterPort
    /// What it implements it over.
    let technology: Technology

    /// The type that implements the port, such as `SQLiteForecastsService`.
    var typeName: String { "\(technology.rawValue)\(port.protocolName)" }

    /// The file the type keeps its items in, inside a data directory, such as `forecasts.sqlite`.
    var fileName: String { "\(FeatureCommandTemplate.word(port.module.name)).sqlite" }

    var files: [String: String] {
        [
            "\(module.sourcesDirectory)/\(typeName).swift": source,
            "\(module.testsPath)/\(typeName)Tests.swift": tests,
            ModuleTemplates.catalogPath(module): catalog,
        ]
    }

    /// The registration that makes it the port's live implementation in the composition root:
    /// a `single` that opens it in the data directory the program's configuration names.
    var registration: [String] {
        [
            "single { (resolver: AsyncResolver) async throws -> any \(port.protocolName) in", "    " + Self.configurationLine,
            "    return try \(typeName)\(Self.openingSuffix)", "}",
        ]
    }

    /// The registration's line that resolves the program's configuration.
    static let configurationLine = "let configuration: AppConfiguration = try await resolver()"
    /// How the registration opens the adapter, after its type's name.
    static let openingSuffix = "(directory: configuration.userDataDirectory())"

    private var source: String {
        let item = port.item
        return """
            \(ModuleTemplates.importLines(["Foundation", port.module.name, technology.rawValue]))

            /// \(port.module.name)'s items in an SQLite file, shared safely by several processes, or in a
            /// private in-memory database: the live `\(port.protocolName)` for one machine.
            public final class \(typeName): \(port.protocolName) {
                /// The file name of the database inside a data directory.
                public static let fileName = "\(fileName)"

                /// The schema, one numbered step at a time: a new column is a new step.
                static let migrations = [
                    Migration(version: 1, sql: "CREATE TABLE items (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL) STRICT")
                ]

                private let database: Database

                /// Opens, or creates, the database at `path` (`:memory:` for a private one in memory); a
                /// damaged file, or one holding another program's tables, is refused before anything is written.
                public init(path: String) throws {
                    database = try Database(path: path, verify: true, migrations: Self.migrations)
                }

                /// Opens, or creates, `\(fileName)` in `directory`, creating the directory if needed.
                public convenience init(directory: URL) throws {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try self.init(path: directory.appendingPathComponent(Self.fileName).path)
                }

                /// Saves `item`, in place of the one with its id.
                public func save(_ item: \(item)) throws {
                    try database.transaction { connection in
                        _ = try connection.run("INSERT OR REPLACE INTO items (id, title) VALUES (?, ?)", [.text(item.id), .text(item.title)])
                    }
                }

                /// The item with `id`; throws `\(port.error).notFound` when there is none. It reads on the
                /// caller's thread: microseconds from a local file, longer only while another process
                /// holds the write lock (up to the database's busy time-out, 5 s).
                public func item(id: String) async throws -> \(item) {
                    let found = try database.read { connection in
                        try connection.queryFirst("SELECT id, title FROM items WHERE id = ?", [.text(id)]) { row in
                            \(item)(id: row.text(0), title: row.text(1))
                        }
                    }
                    guard let found else { throw \(port.error).notFound(id: id) }
                    return found
                }
            }

            """
    }

    private var tests: String {
        let contract = "\(port.protocolName)Contract"
        return """
            \(ModuleTemplates.importLines(["Foundation", port.module.name, "\(port.module.name)Testing", module.name, "Testing"]))

            /// `\(typeName)` holds to the port's contract, and what it saves is in its file.
            @Suite struct \(typeName)Tests {
                @Test(arguments: \(contract).Spec.allCases)
                func itMeetsThePortsContract(_ spec: \(contract).Spec) async throws {
                    try await \(contract).verify(spec) { items in
                        let service = try \(typeName)(path: ":memory:")
                        for item in items { try service.save(item) }
                        return service
                    }
                }

                @Test func itsItemsOutliveItInTheirFile() async throws {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(typeName)Tests-\\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let item = \(port.item)(id: "7", title: "Seventh")
                    try \(typeName)(directory: folder).save(item)
                    #expect(try await \(typeName)(directory: folder).item(id: "7") == item)
                }
            }

            """
    }

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
