import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// One connection to a server of the tests' own: typed values both ways, prepared statements, transactions.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresConnectionTests {
    private func connect() throws -> PostgresConnection {
        let server = try PostgresServerProcess.shared()
        return try PostgresConnection(configuration: PostgresServerProcess.configuration(try server.createDatabase()))
    }

    @Test func typedValuesRoundTrip() throws {
        let connection = try connect()
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let row = try connection.queryFirst(
            "SELECT $1::bigint, $2::text, $3::float8, $4::boolean, $5::timestamptz, $6::bytea, $7::text",
            [.int(-9_000_000_000), .text("Ünï 🦸 'q'"), .double(2.5), .bool(true), .date(date), .bytes([0, 1, 255]), .null]
        ) { row in
            (try row.int(0), try row.string(1), try row.double(2), try row.bool(3), try row.date(4), try row.bytes(5), row.isNull(6))
        }
        let values = try #require(row)
        #expect(values.0 == -9_000_000_000)
        #expect(values.1 == "Ünï 🦸 'q'")
        #expect(values.2 == 2.5)
        #expect(values.3 == true)
        #expect(abs(values.4.timeIntervalSince(date)) < 0.000_001)
        #expect(values.5 == [0, 1, 255])
        #expect(values.6)
    }

    @Test func theSocketDirectoryReachesTheServer() throws {
        let server = try PostgresServerProcess.shared()
        let connection = try PostgresConnection(configuration: PostgresServerProcess.configuration(server.socketURL()))
        #expect(try connection.queryFirst("SELECT 1 + 1") { try $0.int(0) } == 2)
    }

    @Test func aValueOfAnotherTypeIsAnErrorNamingTheColumn() throws {
        let connection = try connect()
        #expect(throws: PostgresError.self) { try connection.queryFirst("SELECT 'abc' AS word") { try $0.int(0) } }
        do {
            _ = try connection.queryFirst("SELECT NULL::bigint AS rating") { try $0.int(0) }
            Issue.record("NULL read as a number")
        } catch let error as PostgresError {
            #expect(error.kind == .invalidValue)
            #expect(error.message.contains("rating"), "\(error)")
        }
    }

    @Test func aStatementIsPreparedOnceAndReused() throws {
        let connection = try connect()
        for id in 1...5 { _ = try connection.queryFirst("SELECT $1::int + 1", [.int(id)]) { try $0.int(0) } }
        let prepared = try connection.queryFirst("SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT $1::int + 1'") {
            try $0.int(0)
        }
        #expect(prepared == 1)
    }

    @Test func aThrowingBodyRollsBack() throws {
        let connection = try connect()
        try connection.run("CREATE TABLE things (id integer PRIMARY KEY)")
        struct Refusal: Error {}
        #expect(throws: Refusal.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO things VALUES (1)")
                throw Refusal()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.queryFirst("SELECT count(*) FROM things") { try $0.int(0) } == 0)
        try connection.transaction { try $0.execute("INSERT INTO things VALUES ($1)", [.int(2)]) }
        #expect(try connection.query("SELECT id FROM things") { try $0.int(0) } == [2])
    }

    @Test func aUniqueViolationCarriesItsSQLState() throws {
        let connection = try connect()
        try connection.run("CREATE TABLE things (id integer PRIMARY KEY); INSERT INTO things VALUES (1)")
        do {
            try connection.execute("INSERT INTO things VALUES ($1)", [.int(1)])
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.kind == .uniqueViolation)
            #expect(error.sqlState == "23505")
            #expect(error.description.contains("duplicate key"), "\(error)")
        }
    }

    @Test func textWithANulCharacterIsRefusedBeforeItIsSent() throws {
        let connection = try connect()
        #expect(throws: PostgresError(kind: .invalidValue, message: "text to bind holds a NUL character")) {
            try connection.execute("SELECT $1::text", [.text("a\u{0}b")])
        }
    }

    @Test func aNotificationFromAnotherConnectionArrivesWithinASecond() throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let listener = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        let sender = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        try listener.run("LISTEN things")
        #expect(try listener.notifications(waitingUpTo: .milliseconds(10)) == [])
        try sender.execute("SELECT pg_notify('things', $1)", [.text("hello")])
        let sent = ContinuousClock.now
        let received = try listener.notifications(waitingUpTo: .seconds(1))
        #expect(ContinuousClock.now - sent < .seconds(1))
        #expect(received == [PostgresNotification(channel: "things", payload: "hello", processID: sender.serverProcessID)])
    }

    @Test func aStatementPastItsTimeOutIsATimeout() throws {
        let server = try PostgresServerProcess.shared()
        var configuration = try PostgresServerProcess.configuration(server.url())
        configuration.statementTimeout = .milliseconds(200)
        let connection = try PostgresConnection(configuration: configuration)
        do {
            try connection.execute("SELECT pg_sleep(5)")
            Issue.record("pg_sleep(5) finished within 200 ms")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.sqlState == "57014")
        }
    }

    /// A server process that stops (SIGSTOP: the socket stays open, nothing answers) costs a
    /// statement no more than its time-out and the connect time-out after it; the connection is
    /// then broken, so a pool replaces it.
    @Test func aServerThatStopsAnsweringIsUnreachableWithinTheTimeOuts() throws {
        let server = try PostgresServerProcess.shared()
        var configuration = try PostgresServerProcess.configuration(server.url())
        configuration.statementTimeout = .milliseconds(500)
        configuration.connectTimeout = .milliseconds(500)
        let connection = try PostgresConnection(configuration: configuration)
        let backend = pid_t(connection.serverProcessID)
        #expect(kill(backend, SIGSTOP) == 0)
        defer { kill(backend, SIGCONT) }
        let started = ContinuousClock.now
        do {
            try connection.execute("SELECT 1")
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.description.contains("did not answer within 1.0 seconds"), "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(connection.isBroken)
    }
}
