import CommandLineKit
import Foundation
import Redis
import RedisTesting
import TestSupport
import Testing

/// `--cache redis` through the program against a hostile or unlucky server: one that
/// accepts and never answers, a URL that holds a password and is malformed, keys of other types
/// under the namespace.
@Suite(.onOwnThread) struct HostileRedisCommandLineTests {
    @Test(arguments: [["list"], ["list", "--limit", "100"], ["show", "1011334"]])
    func aSilentRedisCostsOneTimeOutInTheWholeRun(_ command: [String]) async throws {
        let server = try FakeRESPServer(.silent)
        let url = "redis://127.0.0.1:\(server.port)"
        let started = ContinuousClock.now
        let run = try await ProgramRun(command + ["--cache", "redis", "--redis-url", url])
        let elapsed = ContinuousClock.now - started
        #expect(run.status == 0)
        #expect(run.stdout.contains("3-D Man"))
        #expect(
            run.stderrLines == [
                "CompositionRoot: warning: the Redis cache at \(url)/0 failed (Redis at 127.0.0.1:\(server.port) did not answer (read) "
                    + "within 2 s); answered from the provider."
            ])
        #expect(server.connectionsAccepted == 1)
        // One read time-out is 2 s; one per request would be 40 s or more. The bound leaves a
        // loaded machine room to start the program and load the fixtures.
        #expect(elapsed < .seconds(15), "one read time-out is 2 s; the run took \(elapsed)")
    }

    /// Malformed URLs with a password, each with the fragments of the password that must never be printed.
    static let urlsWithSecrets: [(url: String, secrets: [String])] = [
        ("redis://user:TopSecret@127.0.0.1:99999", ["TopSecret"]),
        ("redis://user:TopSecret@127.0.0.1:6379/x", ["TopSecret"]),
        ("redis://user:TopSecret@:6379", ["TopSecret"]),
        ("http://user:TopSecret@127.0.0.1:6379", ["TopSecret"]),
        ("redis://user:Top/Se#cr?et@127.0.0.1:6379", ["Top", "Se#cr", "cr?et"]),
        ("redis://:Top%40Secret@127.0.0.1:-1", ["Top%40Secret", "Secret"]),
    ]

    @Test(arguments: urlsWithSecrets, [true, false])
    func aMalformedRedisURLNeverPrintsItsPassword(_ sample: (url: String, secrets: [String]), fromFlag: Bool) async throws {
        let run =
            fromFlag
            ? try await ProgramRun(["list", "--cache", "redis", "--redis-url", sample.url])
            : try await ProgramRun(["list", "--cache", "redis"], environment: ["EXCELSIOR_REDIS_URL": sample.url])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("is not a Redis URL"))
        for secret in sample.secrets {
            #expect(!run.stderr.contains(secret), "\(run.stderr)")
        }
    }

    @Test func aNegativePortIsCalledAPortError() async throws {
        let run = try await ProgramRun(["list", "--cache", "redis", "--redis-url", "redis://127.0.0.1:-1"])
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderr.hasPrefix(
                "CompositionRoot: --redis-url: 'redis://127.0.0.1:-1' is not a Redis URL "
                    + "(redis://[user:password@]host:port[/db]): the port must be 1 to 65535."))
    }

    @Test(arguments: ["stats", "clear"])
    func aControlCharacterInTheHostIsAUsageErrorAndNeverReachesTheTerminal(_ action: String) async throws {
        let run = try await ProgramRun(["cache", action, "--cache", "redis", "--redis-url", "redis://127.0.0.1%00%1B%5B31m:6379"])
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("the host"))
        #expect(!run.stdout.contains("\u{0}") && !run.stderr.contains("\u{0}"))
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func anEscapeInTheUserNameNeverReachesTheTerminal() async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }
        let admin = RedisClient(configuration: server.configuration)
        _ = try admin.send(RedisCommand("ACL", "SETUSER", "a\u{1B}[31mb", "on", ">pw", "~*", "+@all"))
        let run = try await ProgramRun([
            "cache", "stats", "--cache", "redis", "--redis-url", "redis://a%1B%5B31mb:pw@127.0.0.1:\(server.port)",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first == "server     redis://a\u{FFFD}[31mb:***@127.0.0.1:\(server.port)/0")
        #expect(!run.stdout.contains("\u{1B}"))
    }

    /// A login the server refuses is 77 (credentials), a database number it does not have 64 (a
    /// setting), each one line that ends in one full stop and never shows the password.
    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func aRefusedLoginIs77AndAMissingDatabaseIs64() async throws {
        let server = try RedisServerProcess.start(arguments: ["--requirepass", "RightPW42"])
        defer { server.stop() }
        let cases = [
            ("redis://127.0.0.1:\(server.port)", Int32(77), "NOAUTH"),
            ("redis://:WrongPW42@127.0.0.1:\(server.port)", 77, "WRONGPASS"),
            ("redis://:RightPW42@127.0.0.1:\(server.port)/99", 64, "DB index"),
        ]
        for (url, status, word) in cases {
            let run = try await ProgramRun(["cache", "stats", "--cache", "redis", "--redis-url", url])
            #expect(run.status == status, "\(url): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains(word), "\(url): \(run.stderr)")
            #expect(!run.stderr.contains("PW42") && !run.stderr.contains(".."), "\(url): \(run.stderr)")
        }
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func keysOfAnyTypeUnderTheNamespaceAreCountedAndCleared() async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }
        let options = ["--cache", "redis", "--redis-url", server.url]
        #expect(try await ProgramRun(["list", "--limit", "3"] + options).status == 0)
        let admin = RedisClient(configuration: server.configuration)
        _ = try admin.send(RedisCommand("RPUSH", "excelsior:x", "1"))
        _ = try admin.send(RedisCommand("HSET", "excelsior:h", "field", "value"))
        _ = try admin.send(RedisCommand("SADD", "excelsior:s", "member"))
        try admin.set(Array("other".utf8), Array("stays".utf8))

        let stats = try await ProgramRun(["cache", "stats", "--format", "json"] + options)
        #expect(stats.status == 0, "\(stats.stderr)")
        let report = (try? JSONSerialization.jsonObject(with: Data(stats.stdout.utf8))) as? [String: Any]
        #expect(report?["entries"] as? Int == 7)

        let clear = try await ProgramRun(["cache", "clear"] + options)
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.stdoutLines.first?.contains("removed 7 entries") == true)
        var left: [String] = []
        try admin.scanAll(match: Array("*".utf8)) { keys in left += keys.map { String(decoding: $0, as: UTF8.self) } }
        #expect(left == ["other"])
    }
}
