import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// The statement time-out in force is the URL's when it gives one: the server cancels at it, and
/// the client waits for an answer as long (plus the connect time-out), not its own default.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresStatementTimeoutTests {
    @Test func aLockShorterThanTheURLsStatementTimeOutIsWaitedFor() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        try PostgresConnection(configuration: PostgresServerProcess.configuration(url)).run("CREATE TABLE things (id integer)")
        let held = 3.0
        let locked = DispatchSemaphore(value: 0)
        async let release: Void = onOwnThread {
            let holder = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
            try holder.run("BEGIN; LOCK TABLE things IN ACCESS EXCLUSIVE MODE")
            locked.signal()
            Thread.sleep(forTimeInterval: held)
            try holder.run("ROLLBACK")
        }
        let (count, elapsed) = try await onOwnThread {
            locked.wait()
            // Our own time-outs would give up after 1 s + 1 s; the URL's statement time-out is 20 s.
            var configuration = try PostgresConfiguration(url: url + "?options=-c%20statement_timeout%3D20s")
            configuration.statementTimeout = .seconds(1)
            configuration.connectTimeout = .seconds(1)
            let connection = try PostgresConnection(configuration: configuration)
            let started = ContinuousClock.now
            let count = try connection.queryFirst("SELECT count(*) FROM things") { try $0.int(0) }
            return (count, ContinuousClock.now - started)
        }
        try await release
        #expect(count == 0)
        #expect(elapsed >= .seconds(held - 0.5) && elapsed < .seconds(20), "took \(elapsed)")
    }

    @Test func theURLsStatementTimeOutCancelsAtItsTime() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let (error, elapsed) = try await onOwnThread { () throws -> (PostgresError?, Duration) in
            var configuration = try PostgresConfiguration(url: url + "?options=-c%20statement_timeout%3D1500")
            configuration.statementTimeout = .seconds(30)
            let connection = try PostgresConnection(configuration: configuration)
            let started = ContinuousClock.now
            do {
                try connection.execute("SELECT pg_sleep(20)")
                return (nil, ContinuousClock.now - started)
            } catch {
                return (error as? PostgresError, ContinuousClock.now - started)
            }
        }
        #expect(error?.kind == .timeout, "\(String(describing: error))")
        #expect(elapsed >= .milliseconds(1400) && elapsed < .seconds(15), "took \(elapsed)")
    }
}
