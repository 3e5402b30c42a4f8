import CommandLineKit
import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// `--database-url` values a hostile or careless user gives: a malformed one is a usage error
/// (64) naming the part, a setting the store relies on cannot be overridden, and no output ever
/// holds the password, nor is any message mangled to hide it.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresURLCommandLineTests {
    private func list(_ url: String, _ arguments: [String] = ["list"]) async throws -> ProgramRun {
        let run = try await ProgramRun(["favorites"] + arguments + ["--store", "postgres", "--database-url", url])
        #expect(run.stderrLines.count <= 1, "\(run.stderr)")
        return run
    }

    @Test(arguments: [
        ("postgres://ex@127.0.0.1:1/exdb?password=sec%ZZret", "ZZret", "password"),
        ("postgres://ex:Secr3tPart/xyz@h:5432/db", "Secr3tPart", "%2F"),
        ("postgres://ex:TOPSECRET/exdb", "TOPSECRET", "port"),
        ("postgres://ex:pw@127.0.0.1:99999/exdb", "pw@", "port"),
        ("postgres://ex:pw@127.0.0.1:abc/exdb", "pw@", "port"),
        ("postgres://ex:pw@127.0.0.1:1/exdb?sslmode=bogus", "pw@", "sslmode"),
        ("postgres://ex:pw@127.0.0.1:1/exdb?connect_timeout=abc", "pw@", "connect_timeout"),
        ("postgresql+tcp://ex:pw@127.0.0.1:1/exdb", "pw@", "postgres://"),
    ])
    func aMalformedURLIs64NamingThePartAndNeverThePassword(_ url: String, _ secret: String, _ part: String) async throws {
        let run = try await list(url)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(part), "\(run.stderr)")
        #expect(!run.stderr.contains(secret) && !run.stdout.contains(secret), "\(run.stderr)")
    }

    /// A one-letter password is not cut out of the messages (which would show it by elimination):
    /// the server's message stays whole and the exit code is the one it earns.
    @Test func aOneLetterPasswordLeavesTheMessagesWholeAndTheExitCodeRight() async throws {
        let server = try PostgresServerProcess.shared()
        let refused = try await list("postgres://\(PostgresServerProcess.user):e@127.0.0.1:\(server.port)/postgres")
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("password authentication failed for user \"\(PostgresServerProcess.user)\""), "\(refused.stderr)")
        let port = try #require(LoopbackImpostor.unusedPort())
        let down = try await list("postgres://ex:e@127.0.0.1:\(port)/exdb")
        #expect(down.status == 69, "\(down.stderr)")
        #expect(down.stderr.contains("Connection refused") && !down.stderr.contains("***"), "\(down.stderr)")
    }

    /// `client_encoding=LATIN1` would store mojibake: the program refuses it before connecting.
    @Test(arguments: ["client_encoding=LATIN1", "options=-c%20client_encoding%3DLATIN1", "options=-c%20DateStyle%3DSQL,%20DMY"])
    func aSettingTheStoreReliesOnIs64AndNothingIsWritten(_ query: String) async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let run = try await list("\(url)?\(query)", ["add", "1009610", "--note", "café ☕"])
        #expect(run.status == 64, "\(run.stderr)")
        let name = query.contains("DateStyle") ? "DateStyle" : "client_encoding"
        #expect(run.stderr.contains(name), "\(run.stderr)")
        let owner = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        #expect(try owner.queryFirst("SELECT to_regclass('favorites') IS NULL") { try $0.bool(0) } == true)
    }

    /// libpq sends `PGTZ` and `PGDATESTYLE` from the environment, and the server applies them
    /// after the options: the program sets its own again, so dates still read back.
    @Test func theEnvironmentCannotChangeTheSettingsTheReadersRelyOn() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let environment = ["PGTZ": "Asia/Tokyo", "PGDATESTYLE": "German, DMY", "EXCELSIOR_DATABASE_URL": url]
        let store = ["--store", "postgres"]
        let added = try await ProgramRun(["favorites", "add", "1009610", "--note", "café ☕"] + store, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try await ProgramRun(["favorites", "list", "--format", "json"] + store, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("café ☕"), "\(listed.stdout)")
        let owner = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        #expect(try owner.queryFirst("SELECT note FROM favorites") { try $0.string(0) } == "café ☕")
    }

    /// A connect time-out of 0 would wait without bound: refused.
    @Test func aConnectTimeOutOfZeroIs64() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let run = try await list("\(url)?connect_timeout=0")
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("connect_timeout"), "\(run.stderr)")
    }

    /// The URL's `statement_timeout` is the one in force, for the server and for the client's
    /// wait: a healthy server whose table is locked longer than the default wait (5 s + 5 s)
    /// answers once the lock goes, within the URL's 30 s.
    @Test func theURLsStatementTimeOutIsTheClientsTooSoALongLockIsWaitedFor() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        #expect(try await list(url).status == 0)
        let held = Duration.seconds(11)
        let locked = DispatchSemaphore(value: 0)
        async let release: ContinuousClock.Instant = onOwnThread {
            let holder = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
            try holder.run("BEGIN; LOCK TABLE favorites IN ACCESS EXCLUSIVE MODE")
            locked.signal()
            Thread.sleep(forTimeInterval: Double(held.components.seconds))
            let releasing = ContinuousClock.now
            try holder.run("ROLLBACK")
            return releasing
        }
        try await onOwnThread { locked.wait() }
        let started = ContinuousClock.now
        let waited = try await list("\(url)?options=-c%20statement_timeout%3D30000")
        let ended = ContinuousClock.now
        let released = try await release
        #expect(waited.status == 0, "\(waited.stderr)")
        // It answered only once the lock went (it waited, past the default 5 s + 5 s), and
        // within the URL's 30 s.
        #expect(ended >= released, "answered \(released - ended) before the lock went")
        #expect(ended - started < .seconds(30), "took \(ended - started)")
    }
}
