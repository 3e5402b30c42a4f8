import Foundation
import Redis
import RedisStorage
import RedisTesting
import Storage
import TestSupport
import Testing

/// RedisCache on a server that misbehaves: a fake one replying what no command expects, and a
/// real one killed mid-run. The cache fails with the client's error, counts nothing it did not
/// do, and recovers when the server does. One at a time, as RedisTests' fault suite.
@Suite(.onOwnThread, .serialized) struct RedisCacheFaultTests {
    private static let timeout = Duration.milliseconds(300)

    @Test func aCacheOnAMisbehavingServerThrowsAndCountsNothing() throws {
        let server = try FakeRESPServer(.reply(Array(":1\r\n".utf8)))
        let cache = RedisCache(client: RedisClient(configuration: server.configuration(timeout: Self.timeout)))
        #expect(throws: RedisError.unexpectedReply(command: "GET", reply: "integer 1")) { try cache.get(Int.self, for: Key("k")) }
        #expect(throws: RedisError.unexpectedReply(command: "SET", reply: "integer 1")) { try cache.set(1, for: Key("k")) }
        #expect(throws: RedisError.unexpectedReply(command: "SCAN", reply: "integer 1")) { try cache.removeAll() }
        #expect(cache.statistics == CacheStatistics())
        #expect(cache.lastError == .unexpectedReply(command: "SCAN", reply: "integer 1"))
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func aServerKilledMidRunFailsReadsUntilItIsBackThenTheCacheRecovers() async throws {
        let server = try RedisServerProcess.start()
        let cache = RedisCache(client: RedisClient(configuration: server.configuration), pauseAfterFailure: .milliseconds(50))
        try cache.set("before", for: Key("k"))
        #expect(try cache.get(String.self, for: Key("k")) == "before")

        server.crash()
        #expect(throws: RedisError.self) { try cache.get(String.self, for: Key("k")) }
        #expect(throws: RedisError.self) { try cache.set("during", for: Key("k")) }

        try server.restart()
        let deadline = ContinuousClock.now + .seconds(5)
        var recovered = false
        while !recovered && ContinuousClock.now < deadline {
            recovered = (try? cache.set("after", for: Key("k"))) != nil
            if !recovered { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(recovered)
        #expect(try cache.get(String.self, for: Key("k")) == "after")
    }
}
