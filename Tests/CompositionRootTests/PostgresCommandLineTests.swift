import Foundation
import Postgres
import PostgresTesting
import TestSupport
import Testing

/// `favorites --store postgres` as a user runs it: the built program on a database of its own,
/// and on servers that refuse, are missing, never answer or are busy: one line and the
/// documented exit code each, never the password.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresCommandLineTests {
    private func run(_ arguments: [String], url: String, environment: [String: String] = [:]) async throws -> ProgramRun {
        let run = try await ProgramRun(
            ["favorites"] + arguments + ["--store", "postgres", "--database-url", url], environment: environment)
        #expect(!run.stderr.contains(PostgresServerProcess.password), "\(run.stderr)")
        #expect(run.stderrLines.count <= 1, "\(run.stderr)")
        return run
    }

    @Test func addListUpdateRemoveAcrossRuns() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        let added = try await run(["add", "1009610", "--note", "Friendly neighbour", "--rating", "5"], url: url)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdoutLines == ["Added Spider-Man (1009610) to the favourites."])
        #expect(try await run(["add", "1009610"], url: url).status == 65)
        #expect(try await run(["update", "1009610", "--no-rating"], url: url).status == 0)
        let listed = try await ProgramRun(
            ["favorites", "list", "--store", "postgres", "--format", "json"], environment: ["EXCELSIOR_DATABASE_URL": url])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Friendly neighbour"))
        #expect(try await run(["remove", "1009610"], url: url).status == 0)
        #expect(try await run(["show", "1009610"], url: url).status == 66)
    }

    @Test func aDatabaseURLNeedsThePostgresStoreAndAPostgresStoreNeedsAURL() async throws {
        let withoutStore = try await ProgramRun(["favorites", "list", "--database-url", "postgres://a@b/c"])
        #expect(withoutStore.status == 64)
        #expect(withoutStore.stderr.contains("--database-url needs --store postgres"))
        let withoutURL = try await ProgramRun(["favorites", "list", "--store", "postgres"], environment: ["EXCELSIOR_DATABASE_URL": ""])
        #expect(withoutURL.status == 64)
        #expect(withoutURL.stderr.contains("EXCELSIOR_DATABASE_URL"))
        let malformed = try await run(["list"], url: "mysql://ann:\(PostgresServerProcess.password)@db/shop")
        #expect(malformed.status == 64)
    }

    @Test func aServerNobodyRunsIs69() async throws {
        let port = try #require(LoopbackImpostor.unusedPort())
        let down = try await run(
            ["list"], url: "postgres://\(PostgresServerProcess.user):\(PostgresServerProcess.password)@127.0.0.1:\(port)/db")
        #expect(down.status == 69, "\(down.stderr)")
        #expect(down.stderr.contains("unavailable"))
    }

    /// A database the URL names and the server does not have is a wrong setting, by the rule
    /// Redis's database number follows too.
    @Test func aDatabaseThatDoesNotExistIs64() async throws {
        let missing = try await run(["list"], url: try PostgresServerProcess.shared().url(database: "no_such_database_here"))
        #expect(missing.status == 64, "\(missing.stderr)")
        #expect(missing.stderr.contains("no_such_database_here") && missing.stderr.contains("Check the database URL"), "\(missing.stderr)")
    }

    @Test func aWrongPasswordIs77() async throws {
        let url = try PostgresServerProcess.shared().url().replacingOccurrences(of: PostgresServerProcess.password, with: "not-the-one")
        let refused = try await run(["list"], url: url)
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(!refused.stderr.contains("not-the-one"))
    }

    @Test func aServerThatNeverAnswersIs69WithinTheTimeOut() async throws {
        let silent = try LoopbackImpostor(reply: nil)
        let started = ContinuousClock.now
        let hung = try await run(
            ["list"], url: "postgres://someone:\(PostgresServerProcess.password)@127.0.0.1:\(silent.port)/db?connect_timeout=2")
        let elapsed = ContinuousClock.now - started
        #expect(hung.status == 69, "\(hung.stderr)")
        // It waits out the URL's 2 s, and not the default 5 s + 5 s; the upper bound leaves a
        // loaded machine room to start the program.
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(9), "took \(elapsed)")
    }

    @Test func somethingElseOnThePortIs69() async throws {
        let impostor = try LoopbackImpostor(reply: Array("SSH-2.0-OpenSSH_9.6\r\n".utf8))
        let wrong = try await run(["list"], url: "postgres://someone:pw@127.0.0.1:\(impostor.port)/db")
        #expect(wrong.status == 69, "\(wrong.stderr)")
    }

    @Test func aNewerSchemaIs65NamingBothVersions() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        #expect(try await run(["list"], url: url).status == 0)
        try PostgresConnection(configuration: PostgresServerProcess.configuration(url)).run(
            "INSERT INTO favorites_migrations (version) VALUES (2), (3)")
        let newer = try await run(["list"], url: url)
        #expect(newer.status == 65, "\(newer.stderr)")
        #expect(newer.stderr.contains("version 3") && newer.stderr.contains("version 1"), "\(newer.stderr)")
    }

    @Test func aTableLockedPastTheStatementTimeOutIs75() async throws {
        let url = try PostgresServerProcess.shared().createDatabase()
        #expect(try await run(["list"], url: url).status == 0)
        let holder = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
        try holder.run("BEGIN; LOCK TABLE favorites IN ACCESS EXCLUSIVE MODE")
        let busy = try await run(["list"], url: url + "?options=-c%20statement_timeout%3D500")
        try holder.run("ROLLBACK")
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(busy.stderr.contains("try again"))
    }

    @Test func theServerKilledMidWritesKeepsWhatWasCommittedAndTheProgramSays69UntilItIsBack() async throws {
        let server = try PostgresServerProcess.start()
        let url = server.url()
        for id in [1_009_610, 1_011_334] { #expect(try await run(["add", String(id)], url: url).status == 0) }
        server.crash()
        let down = try await run(["list"], url: url)
        #expect(down.status == 69, "\(down.stderr)")
        try server.restart()
        let back = try await run(["list", "--format", "json"], url: url)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("1009610") && back.stdout.contains("1011334"))
    }
}
