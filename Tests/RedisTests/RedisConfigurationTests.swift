import Redis
import TestSupport
import Testing

/// Redis URLs: `redis://[user:password@]host[:port][/db]`.
@Suite(.onOwnThread) struct RedisConfigurationTests {
    @Test func readsEveryPartOfAURL() throws {
        let configuration = try RedisConfiguration(url: "redis://alice:p%40ss@cache.example:6380/3")
        #expect(configuration.host == "cache.example")
        #expect(configuration.port == 6380)
        #expect(configuration.user == "alice")
        #expect(configuration.password == "p@ss")
        #expect(configuration.database == 3)
        #expect(configuration.endpoint == "cache.example:6380")
        #expect(configuration.redactedURL == "redis://alice:***@cache.example:6380/3")
    }

    @Test func portAndDatabaseHaveDefaultsAndAPasswordAloneNeedsNoUser() throws {
        let configuration = try RedisConfiguration(url: "redis://:secret@127.0.0.1")
        #expect(configuration == RedisConfiguration(host: "127.0.0.1", port: 6379, user: nil, password: "secret", database: 0))
        #expect(try RedisConfiguration(url: "REDIS://127.0.0.1:7000/").redactedURL == "redis://127.0.0.1:7000/0")
        #expect(try RedisConfiguration(url: "redis://[::1]:7000").endpoint == "[::1]:7000")
    }

    @Test(arguments: [
        ("http://127.0.0.1:6379", "it must start with redis://"),
        ("127.0.0.1:6379", "it must start with redis://"),
        ("redis://", "it names no host"),
        ("redis://127.0.0.1:6379/x", "the path must be a database number such as /0"),
        ("redis://127.0.0.1:6379/-1", "the path must be a database number such as /0"),
        ("redis://127.0.0.1:0", "the port must be 1 to 65535"),
        ("redis://127.0.0.1:6379?db=1", "it may not have a query or fragment"),
        ("redis://alice@127.0.0.1", "a user needs a password (user:password@)"),
        ("redis://127.0.0.1:-1", "the port must be 1 to 65535"),
        ("redis://127.0.0.1:99999", "the port must be 1 to 65535"),
        ("redis://127.0.0.1:port", "the port must be 1 to 65535"),
        ("redis://127.0.0.1%00x:6379", "the host may not hold control characters or spaces"),
        ("redis://cache%1B%5B31m.example", "the host may not hold control characters or spaces"),
        ("redis://[::1:6379", "it is not a well-formed URL (percent-encode @ : / ? # and spaces in the user and password)"),
    ])
    func refusesWhatIsNotARedisURL(_ text: String, _ reason: String) {
        #expect(throws: RedisError.invalidURL(RedisConfiguration.redacted(text), reason: reason)) { try RedisConfiguration(url: text) }
    }

    @Test(arguments: [
        ("redis://user:TopSecret@127.0.0.1:99999", "redis://***@127.0.0.1:99999"),
        ("redis://user:TopSecret@127.0.0.1:6379/x", "redis://***@127.0.0.1:6379/x"),
        ("redis://user:TopSecret@", "redis://***@"),
        ("http://user:TopSecret@127.0.0.1", "http://***@127.0.0.1"),
        ("redis://user:Top/Se#cr?e@t@127.0.0.1:-1", "redis://***@127.0.0.1:-1"),
        ("redis://:Top%40Secret@h:0", "redis://***@h:0"),
        ("redis://TopSecret@h/x", "redis://***@h/x"),
        ("user:TopSecret@h:1", "***@h:1"),
        ("redis://h:1/0?password=TopSecret&db=2", "redis://h:1/0?password=***&db=2"),
        ("redis://h:1/0?db=2&AuthToken=TopSecret#x", "redis://h:1/0?db=2&AuthToken=***#x"),
    ])
    func aRefusedURLIsQuotedWithoutItsPassword(_ text: String, _ quoted: String) throws {
        let error = try #require(throws: RedisError.self) { try RedisConfiguration(url: text) }
        guard case .invalidURL(let shown, _) = error else {
            Issue.record("expected invalidURL, got \(error)")
            return
        }
        #expect(shown == quoted)
        #expect(!error.description.contains("TopSecret"))
    }

    @Test(arguments: ["redis://:Top%zzSecret@h", "redis://:TopSecret%4@h", "redis://user%G1:TopSecret@h", "redis://:%FF%FE@h"])
    func aBadPercentEscapeInTheLoginIsRefused(_ text: String) throws {
        let error = try #require(throws: RedisError.self) { try RedisConfiguration(url: text) }
        #expect(error.description.contains("bad percent escape"))
        #expect(!error.description.contains("TopSecret"))
    }

    @Test func loginAndDatabaseRefusalsAreTold() {
        #expect(RedisError.server("WRONGPASS invalid username-password pair or user is disabled.").isLoginRefused)
        #expect(RedisError.server("NOAUTH Authentication required.").isLoginRefused)
        #expect(RedisError.server("ERR DB index is out of range").isDatabaseRefused)
        #expect(!RedisError.server("OOM command not allowed").isLoginRefused)
        #expect(!RedisError.server("OOM command not allowed").isDatabaseRefused)
        #expect(!RedisError.connectionRefused(endpoint: "h:1", reason: "r").isLoginRefused)
    }

    @Test func aRedactedURLIsRedactedAlready() {
        for text in ["redis://***@h:1/x", "redis://***@h", "redis://h:1?password=***&db=2", "redis://h:1/0"] {
            #expect(RedisConfiguration.redacted(text) == text)
        }
        #expect(
            RedisError.invalidURL("redis://user:TopSecret@h:0", reason: "r").description
                == "'redis://***@h:0' is not a Redis URL (redis://[user:password@]host:port[/db]): r")
    }

    @Test func errorsSayWhatWentWrongAndWhere() {
        #expect(
            RedisError.timedOut(endpoint: "127.0.0.1:1", operation: "read", seconds: 0.5).description
                == "Redis at 127.0.0.1:1 did not answer (read) within 0.5 s")
        #expect(
            RedisError.timedOut(endpoint: "h:1", operation: "connect", seconds: 2).description
                == "Redis at h:1 did not answer (connect) within 2 s")
        #expect(
            RedisError.connectionRefused(endpoint: "h:1", reason: "Connection refused").description.contains(
                "cannot connect to Redis at h:1"))
        #expect(RedisError.protocolError(position: 7, reason: "x").description == "Redis sent a malformed reply at byte 7: x")
        #expect(RedisError.server("NOPERM no").description == "Redis answered an error: NOPERM no")
        #expect(
            RedisError.unexpectedReply(command: "GET", reply: "integer 1").description == "Redis answered GET with an unexpected integer 1")
        #expect(RedisError.connectionLost(endpoint: "h:1", reason: "gone").description == "lost the connection to Redis at h:1: gone")
        #expect(RedisError.invalidURL("x", reason: "r").description.hasPrefix("'x' is not a Redis URL"))
        #expect(RedisError.server("x").isConnectionFailure == false)
        #expect(RedisError.connectionLost(endpoint: "h:1", reason: "gone").isConnectionFailure)
    }
}
