import Redis
import RedisStorage
import RedisTesting
import Storage
import StorageTesting
import TestSupport
import Testing

/// `CachingContract` and its failure specs, on a real `redis-server` each test starts and stops.
///
/// The failure specs log in as an ACL user whose right to `GET`, `SET` or `UNLINK` the test takes
/// away and gives back, so the server itself refuses the command (`NOPERM`).
@Suite(.onOwnThread, .enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
struct RedisCacheContractTests {
    @Test(arguments: CachingContract.Spec.allCases)
    func redisCache(_ spec: CachingContract.Spec) async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }
        try await CachingContract.verify(spec) { RedisCache(client: RedisClient(configuration: server.configuration)) }
    }

    @Test(arguments: CachingContract.FailureSpec.allCases)
    func redisCacheFailures(_ spec: CachingContract.FailureSpec) async throws {
        let server = try RedisServerProcess.start()
        defer { server.stop() }
        let admin = RedisClient(configuration: server.configuration)
        _ = try admin.send(RedisCommand("ACL", "SETUSER", "cache", "on", ">secret", "~*", "&*", "+@all"))
        var configuration = try RedisConfiguration(url: "redis://cache:secret@127.0.0.1:\(server.port)/2")
        configuration.readTimeout = .seconds(1)
        let cache = RedisCache(client: RedisClient(configuration: configuration))
        func toggle(_ command: String) -> @Sendable (Bool) -> Void {
            { fail in _ = try? admin.send(RedisCommand("ACL", "SETUSER", "cache", (fail ? "-" : "+") + command)) }
        }
        try await CachingContract.verify(spec) {
            (cache, CachingContract.Faults(failReads: toggle("get"), failWrites: toggle("set"), failRemovals: toggle("unlink")))
        }
    }
}
