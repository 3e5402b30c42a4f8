import CommandLineKit
import Foundation
import RedisTesting
import TestSupport
import Testing

/// `--cache redis` through the program: shared across processes, reported, emptied, and never
/// failing a read when the server is down.
@Suite(.onOwnThread) struct RedisCommandLineTests {
    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func aSecondProcessIsServedFromTheSharedRedis() async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }

        let first = try await ProgramRun(["show", "1011334", "--cache", "redis", "--redis-url", server.url])
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdoutLines.last == "cache (redis): hits 0, misses 1, stored 1; provider calls 1")

        let second = try await ProgramRun(["show", "1011334", "--cache", "redis"], environment: ["EXCELSIOR_REDIS_URL": server.url])
        #expect(second.status == 0)
        #expect(second.stdoutLines.dropLast() == first.stdoutLines.dropLast())
        #expect(second.stdoutLines.last == "cache (redis): hits 1, misses 0, stored 0; provider calls 0")
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func cacheStatsAndClearWorkOnTheNamespaceOnly() async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }
        let options = ["--cache", "redis", "--redis-url", server.url]
        _ = try await ProgramRun(["list", "--limit", "3"] + options)

        let stats = try await ProgramRun(["cache", "stats", "--format", "json"] + options)
        #expect(stats.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(report["entries"] as? Int == 4)
        #expect((report["bytes"] as? Int ?? 0) > 0)
        #expect(report["namespace"] as? String == "excelsior:")
        #expect(report["server"] as? String == server.url + "/0")

        let clear = try await ProgramRun(["cache", "clear"] + options)
        #expect(clear.status == 0)
        #expect(clear.stdoutLines.first?.hasSuffix("removed 4 entries (\(report["bytes"] as? Int ?? 0) bytes).") == true)
        let table = try await ProgramRun(["cache", "stats"] + options)
        #expect(table.stdoutLines == ["server     \(server.url)/0", "namespace  excelsior:", "entries    0", "bytes      0"])
    }

    @Test(arguments: [["list", "--limit", "3"], ["show", "1011334"]])
    func readsAnswerFromTheProviderWithOneWarningWhenRedisIsDown(_ command: [String]) async throws {
        let url = "redis://127.0.0.1:\(try RedisServerProcess.unusedPort())"
        let run = try await ProgramRun(command + ["--cache", "redis", "--redis-url", url])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Spider-Man") || run.stdout.contains("3-D Man"))
        #expect(run.stderrLines.count == 1)
        #expect(run.stderrLines.first?.hasPrefix("CompositionRoot: warning: the Redis cache at \(url)/0 failed (cannot connect") == true)
    }

    @Test(arguments: ["stats", "clear"])
    func cacheCommandsExit69WithOneLineWhenRedisIsDown(_ action: String) async throws {
        let url = "redis://127.0.0.1:\(try RedisServerProcess.unusedPort())"
        let run = try await ProgramRun(["cache", action, "--cache", "redis", "--redis-url", url])
        #expect(run.status == 69)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderrLines.first?.hasPrefix("CompositionRoot: The Redis cache is unavailable: cannot connect to Redis at 127.0.0.1:")
                == true)
    }

    @Test(arguments: [
        (
            ["list", "--cache", "redis", "--redis-url", "http://127.0.0.1"], [String: String](),
            "--redis-url: 'http://127.0.0.1' is not a Redis URL"
        ),
        (
            ["list", "--cache", "redis"], ["EXCELSIOR_REDIS_URL": "redis://h:99999"],
            "EXCELSIOR_REDIS_URL: 'redis://h:99999' is not a Redis URL"
        ),
        (["list", "--redis-url", "redis://127.0.0.1"], [:], "--redis-url needs --cache redis."),
        (["cache", "stats", "--cache", "memory"], [:], "cache stats works on --cache disk or redis, got 'memory'."),
    ])
    func aMalformedRedisChoiceIsAUsageError(_ arguments: [String], _ environment: [String: String], _ message: String) async throws {
        let run = try await ProgramRun(arguments, environment: environment)
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("CompositionRoot: \(message)"))
    }
}
