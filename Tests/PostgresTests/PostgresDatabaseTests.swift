import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// The pool, transactions that retry and migrations, on a server of the tests' own.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresDatabaseTests {
    private func database(poolSize: Int = 4) throws -> PostgresDatabase {
        var configuration = try PostgresServerProcess.configuration(try PostgresServerProcess.shared().createDatabase())
        configuration.poolSize = poolSize
        return try PostgresDatabase(configuration: configuration)
    }

    private let steps = [
        PostgresMigration(version: 1, sql: "CREATE TABLE things (id integer PRIMARY KEY)"),
        PostgresMigration(version: 2, sql: "ALTER TABLE things ADD COLUMN name text NOT NULL DEFAULT ''"),
    ]

    @Test func migrationsRunInOrderOnceAndAreRecorded() throws {
        let database = try database()
        try database.migrate(steps, table: "things_migrations")
        try database.migrate(steps, table: "things_migrations")
        #expect(try database.schemaVersion(table: "things_migrations") == 2)
        let recorded = try database.read { try $0.query("SELECT version FROM things_migrations ORDER BY version") { try $0.int(0) } }
        #expect(recorded == [1, 2])
        try database.read { try $0.execute("INSERT INTO things (id, name) VALUES (1, 'one')") }
    }

    @Test func processesMigratingAtOnceWaitForEachOther() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let steps = self.steps
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try PostgresDatabase(configuration: PostgresServerProcess.configuration(url)).migrate(steps, table: "things_migrations")
                }
            }
            try await group.waitForAll()
        }
        let database = try PostgresDatabase(configuration: PostgresServerProcess.configuration(url))
        #expect(try database.schemaVersion(table: "things_migrations") == 2)
    }

    @Test func aNewerSchemaIsRefusedNamingBothVersions() throws {
        let database = try database()
        try database.migrate(steps, table: "things_migrations")
        do {
            try database.migrate(Array(steps.prefix(1)), table: "things_migrations")
            Issue.record("a newer schema was migrated")
        } catch {
            #expect(error.kind == .newerSchema)
            #expect(error.newerSchema == PostgresError.SchemaVersions(found: 2, known: 1))
            #expect(error.message.contains("version 2") && error.message.contains("version 1"), "\(error)")
        }
    }

    @Test func anotherProgramsTableOfTheSameNameIsForeignAndNothingIsWritten() throws {
        let database = try database()
        try database.read { try $0.run("CREATE TABLE things_migrations (id text)") }
        do {
            try database.migrate(steps, table: "things_migrations")
            Issue.record("another program's migrations table was used")
        } catch {
            #expect(error.kind == .foreignSchema)
            #expect(error.message.contains("its things_migrations table has the columns id, not version, applied_at"), "\(error)")
        }
        #expect(try database.read { try $0.relation("things") } == nil)
        #expect(throws: PostgresError.self) { try database.schemaVersion(table: "things_migrations") }
    }

    @Test func aSchemaCheckRefusalLeavesTheDatabaseAsItWas() throws {
        let database = try database()
        #expect(throws: PostgresError(kind: .foreignSchema, message: "no, so another program made it", target: database.target)) {
            try database.migrate(steps, table: "things_migrations") { _, _ in "no" }
        }
        #expect(try database.read { try $0.relation("things_migrations") } == nil)
        let things = [PostgresRelation.Column(name: "id", type: "integer", isKey: true)]
        for _ in 0..<2 {
            try database.migrate(Array(steps.prefix(1)), table: "things_migrations") { connection, version throws(PostgresError) in
                version == 0 ? nil : try connection.relation("things")?.difference(from: things, name: "things")
            }
        }
        #expect(try database.schemaVersion(table: "things_migrations") == 1)
    }

    @Test func misnumberedMigrationsAreRefused() throws {
        let database = try database()
        #expect(throws: PostgresError.self) {
            try database.migrate([PostgresMigration(version: 2, sql: "SELECT 1")], table: "things_migrations")
        }
    }

    @Test func aSerializationFailureIsRetried() async throws {
        let database = try database()
        try database.read {
            try $0.run("CREATE TABLE counter (id integer PRIMARY KEY, value integer NOT NULL); INSERT INTO counter VALUES (1, 0)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<10 {
                        try database.transaction { connection in
                            try connection.run("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE")
                            let value = try connection.queryFirst("SELECT value FROM counter WHERE id = 1") { try $0.int(0) } ?? 0
                            try connection.execute("UPDATE counter SET value = $1 WHERE id = 1", [.int(value + 1)])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try database.read { try $0.queryFirst("SELECT value FROM counter") { try $0.int(0) } } == 40)
    }

    @Test func aBrokenConnectionIsReplaced() throws {
        let database = try database(poolSize: 1)
        let first = try database.read { $0.serverProcessID }
        let admin = try PostgresConnection(configuration: PostgresServerProcess.configuration(try PostgresServerProcess.shared().url()))
        try admin.execute("SELECT pg_terminate_backend($1)", [.int(first)])
        var second = first
        for _ in 0..<100 where second == first {
            second = try database.read { $0.serverProcessID }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(second != first)
        #expect(try database.read { try $0.queryFirst("SELECT 1") { try $0.int(0) } } == 1)
    }

    @Test func aFullPoolMakesCallersWait() async throws {
        let database = try database(poolSize: 2)
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask { try database.read { try $0.queryFirst("SELECT pg_sleep(0.05)::text IS NOT NULL") { _ in 1 } ?? 0 } }
            }
            var answered = 0
            for try await one in group { answered += one }
            return answered
        }
        #expect(answered == 6)
        #expect(database.pool.idleCount <= 2)
    }
}
