import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// `favorites --store postgres` on a database the program did not make, or may not change: another
/// program's tables are bad data (65) naming the table, a role that may not create tables is 77,
/// and in neither case is anything written; a stored name past 1 MiB is refused as SQLite does.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresForeignDatabaseTests {
    private func run(_ arguments: [String], url: String) async throws -> ProgramRun {
        let run = try await ProgramRun(["favorites"] + arguments + ["--store", "postgres", "--database-url", url])
        #expect(run.stderrLines.count <= 1, "\(run.stderr)")
        #expect(!run.stderr.contains(PostgresServerProcess.password))
        return run
    }

    /// The tables of the database's public schema and their columns, to compare before and after.
    private func tables(_ connection: PostgresConnection) throws -> [String] {
        try connection.query(
            """
            SELECT c.relname || '(' || string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum) || ')'
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
            WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped GROUP BY c.relname ORDER BY c.relname
            """
        ) { try $0.string(0) }
    }

    @Test(arguments: [
        ("CREATE TABLE favorites (id integer PRIMARY KEY, title text, stars integer)", "favorites"),
        (
            "CREATE TABLE favorites_migrations (id serial PRIMARY KEY, name text NOT NULL); INSERT INTO favorites_migrations (name) VALUES ('init')",
            "favorites_migrations"
        ),
        (
            """
            CREATE TABLE favorites_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
            INSERT INTO favorites_migrations (version) VALUES (1);
            CREATE TABLE favorites (character_id bigint PRIMARY KEY, title text)
            """,
            "favorites"
        ),
        ("CREATE VIEW favorites AS SELECT 1 AS character_id", "favorites"),
    ])
    func anotherProgramsTableIs65NamingItAndNothingIsWritten(_ sql: String, _ table: String) async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let owner = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        try owner.run(sql)
        let before = try tables(owner)
        for arguments in [["list"], ["add", "1009610"], ["remove", "1009610"]] {
            let refused = try await run(arguments, url: url)
            #expect(refused.status == 65, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("its \(table) "), "\(refused.stderr)")
            #expect(refused.stderr.contains("another program"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("SQLSTATE"), "\(refused.stderr)")
        }
        #expect(try tables(owner) == before)
    }

    /// A role that may connect but not create tables (PostgreSQL 15 gives CREATE on `public` to
    /// the database's owner only): 77, saying so, and nothing is created; once an owner has made
    /// the schema and granted it the rows, the same role lists them.
    @Test func aRoleThatMayNotCreateTablesIs77AndWritesNothing() async throws {
        let server = try PostgresServerProcess.shared()
        let url = try server.createDatabase()
        let database = try #require(url.split(separator: "/").last.map(String.init))
        let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
        let owner = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        try owner.run("CREATE ROLE \(role) LOGIN PASSWORD 'reader-pw'; REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        let readerURL = "postgres://\(role):reader-pw@127.0.0.1:\(server.port)/\(database)"
        let refused = try await run(["list"], url: readerURL)
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("permission denied"), "\(refused.stderr)")
        #expect(try tables(owner) == [])
        #expect(try await run(["add", "1009610"], url: url).status == 0)
        try owner.run("GRANT SELECT ON favorites, favorites_migrations TO \(role)")
        let listed = try await run(["list", "--format", "json"], url: readerURL)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("1009610"))
    }

    /// A name of 2 MB is refused on reading, as the SQLite store refuses it: 65, naming the row
    /// and the column; removing it works.
    @Test func aStoredNamePastOneMebibyteIs65NamingTheRow() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        #expect(try await run(["add", "1009610"], url: url).status == 0)
        let owner = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        try owner.execute("UPDATE favorites SET name = repeat('x', 2000000)")
        for arguments in [["list"], ["list", "--format", "json"], ["show", "1009610"]] {
            let refused = try await run(arguments, url: url)
            #expect(refused.status == 65, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains("character 1009610") && refused.stderr.contains("its name has 2000000 bytes"), "\(refused.stderr)")
            #expect(refused.stdout.count < 10_000)
        }
        #expect(try await run(["remove", "1009610"], url: url).status == 0)
    }
}
