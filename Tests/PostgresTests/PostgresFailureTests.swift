import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// A server that refuses, is missing, never answers or is something else: one line each, the
/// right kind, within the connect time-out, and never the password.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresFailureTests {
    private func failure(_ url: String, within limit: Duration = .seconds(4)) throws -> PostgresError? {
        let configuration = try PostgresServerProcess.configuration(url)
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < limit, "took \(ContinuousClock.now - started)") }
        do {
            _ = try PostgresConnection(configuration: configuration)
            return nil
        } catch {
            #expect(!error.description.contains("\n"), "\(error)")
            #expect(!error.description.contains(PostgresServerProcess.password), "\(error)")
            return error
        }
    }

    @Test func aWrongPasswordIsAnAuthenticationError() throws {
        let server = try PostgresServerProcess.shared()
        let error = try failure(server.url().replacingOccurrences(of: PostgresServerProcess.password, with: "wrong-horse-battery"))
        #expect(error?.kind == .authentication)
        #expect(error.map { !$0.description.contains("wrong-horse-battery") } == true, "\(String(describing: error))")
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let error = try failure(try PostgresServerProcess.shared().url(database: "no_such_database"))
        #expect(error?.kind == .databaseNotFound)
        #expect(error?.message.contains("no_such_database") == true)
    }

    @Test func aPortNobodyListensOnIsUnreachable() throws {
        let port = try #require(LoopbackImpostor.unusedPort())
        let error = try failure("postgres://someone:pw@127.0.0.1:\(port)/db")
        #expect(error?.kind == .unreachable)
    }

    @Test func aServerThatNeverAnswersIsUnreachableAfterTheTimeOut() throws {
        let silent = try LoopbackImpostor(reply: nil)
        let error = try failure("postgres://someone:pw@127.0.0.1:\(silent.port)/db", within: .seconds(6))
        #expect(error?.kind == .unreachable)
        #expect(error?.message.contains("time-out") == true, "\(String(describing: error))")
    }

    @Test func somethingElseOnThePortIsUnreachable() throws {
        let impostor = try LoopbackImpostor(reply: Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))
        let error = try failure("postgres://someone:pw@127.0.0.1:\(impostor.port)/db")
        #expect(error?.kind == .unreachable)
    }
}
