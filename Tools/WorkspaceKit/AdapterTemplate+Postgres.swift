/// The adapter template over PostgreSQL: a table in a database that several machines share.
extension AdapterTemplate {
    /// The table the type keeps its items in, such as `forecasts_items`.
    var table: String { "\(word.replacingOccurrences(of: "-", with: "_"))_items" }

    /// The adapter's type: the port's protocol over a PostgreSQL table.
    var postgresSource: String {
        let item = port.item
        return """
            \(ModuleTemplates.importLines([port.module.name, technology.rawValue]))

            /// \(port.module.name)'s items in a PostgreSQL database that several processes and machines
            /// share: the live `\(port.protocolName)` for a team's server.
            public final class \(typeName): \(port.protocolName) {
                /// The table that records which steps of the schema the database has run.
                static let migrationsTable = "\(table)_migrations"

                /// The schema, one numbered step at a time: a new column is a new step.
                static let migrations = [
                    PostgresMigration(version: 1, sql: "CREATE TABLE \(table) (id text PRIMARY KEY, title text NOT NULL)")
                ]

                private let database: PostgresDatabase

                /// Connects to the database `configuration` names and brings its schema up to date;
                /// throws `PostgresError` when the server is unreachable or refuses, before anything is written.
                public init(configuration: PostgresConfiguration) throws {
                    database = try PostgresDatabase(configuration: configuration)
                    try database.migrate(Self.migrations, table: Self.migrationsTable)
                }

                /// Saves `item`, in place of the one with its id.
                public func save(_ item: \(item)) throws {
                    try database.transaction { connection in
                        _ = try connection.execute(
                            "INSERT INTO \(table) (id, title) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET title = excluded.title",
                            [.text(item.id), .text(item.title)])
                    }
                }

                /// The item with `id`; throws `\(port.error).notFound` when there is none. It waits for
                /// the server on the caller's thread, up to the configuration's statement time-out.
                public func item(id: String) async throws -> \(item) {
                    let found = try database.read { connection in
                        try connection.queryFirst("SELECT id, title FROM \(table) WHERE id = $1", [.text(id)]) { row in
                            \(item)(id: try row.string(0), title: try row.string(1))
                        }
                    }
                    guard let found else { throw \(port.error).notFound(id: id) }
                    return found
                }
            }

            """
    }

    /// Its tests: the port's contract, and its items outliving it.
    var postgresTests: String {
        """
        \(ModuleTemplates.importLines([port.module.name, "\(port.module.name)Testing", "Postgres", "PostgresTesting", module.name, "TestSupport", "Testing"]))

        /// `\(typeName)` holds to the port's contract on a PostgreSQL server of the tests' own, and
        /// what it saves is in its database. The server starts on a thread of its own, off the pool.
        @Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
        struct \(typeName)Tests {
            private func freshDatabase() throws -> PostgresConfiguration {
                try PostgresServerProcess.configuration(try PostgresServerProcess.shared().createDatabase())
            }

            @Test(arguments: \(contract).Spec.allCases)
            func itMeetsThePortsContract(_ spec: \(contract).Spec) async throws {
                let configuration = try freshDatabase()
                try await \(contract).verify(spec) { items in
                    let service = try \(typeName)(configuration: configuration)
                    for item in items { try service.save(item) }
                    return service
                }
            }

            @Test func itsItemsOutliveItInTheirDatabase() async throws {
                let configuration = try freshDatabase()
                let item = \(port.item)(id: "7", title: "Seventh")
                try \(typeName)(configuration: configuration).save(item)
                #expect(try await \(typeName)(configuration: configuration).item(id: "7") == item)
            }
        }

        """
    }
}
