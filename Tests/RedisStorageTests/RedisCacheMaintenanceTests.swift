import Foundation
import Redis
import RedisStorage
import RedisTesting
import Storage
import TestSupport
import Testing

/// `cache stats` and `cache clear` on a real server: the namespace's keys only, the URL without
/// its password, and what a failed cache reports.
@Suite(.onOwnThread, .enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
struct RedisCacheMaintenanceTests {
    private let server: RedisServerProcess

    init() throws {
        server = try RedisServerProcess.start()
    }

    @Test func statisticsCountTheNamespaceAndClearEmptiesOnlyIt() throws {
        let client = RedisClient(configuration: server.configuration)
        let cache = RedisCache(client: client, namespace: "team:")
        try cache.set("Storm", for: Key("hero"))
        try cache.set("Logan", for: Key("other"))
        try RedisCache(client: client, namespace: "else:").set("kept", for: Key("hero"))
        let maintenance = RedisCacheMaintenance(cache: cache)

        let figures = try maintenance.statistics()
        #expect(figures.map(\.name) == ["server", "namespace", "entries", "bytes"])
        #expect(figures[0].value == .text(server.configuration.redactedURL))
        #expect(figures[1].value == .text("team:"))
        #expect(figures[2].value == .count(2))
        #expect(
            try maintenance.clear().hasPrefix(
                "Emptied the Redis cache at \(server.configuration.redactedURL) (keys under team:): removed 2"))
        #expect(try maintenance.statistics()[2].value == .count(0))
        #expect(try RedisCache(client: client, namespace: "else:").usage().count == 1)
    }

    @Test func aPasswordNeverReachesTheFiguresAndAFailureIsNamed() throws {
        let configuration = try RedisConfiguration(url: "redis://user:hunter2@127.0.0.1:\(server.port)")
        let cache = RedisCache(client: RedisClient(configuration: configuration))
        #expect(throws: RedisError.self) { try RedisCacheMaintenance(cache: cache).statistics() }
        let failure = try #require(cache.lastFailure)
        #expect(!failure.contains("hunter2"))
        #expect(failure.hasPrefix("the Redis cache at redis://user:"))
    }
}
