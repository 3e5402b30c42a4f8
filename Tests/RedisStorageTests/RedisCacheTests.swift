import Foundation
import PayloadCoding
import Redis
import RedisStorage
import RedisTesting
import Storage
import TestSupport
import Testing

/// What RedisCache adds to the contract: the record format, the namespace, time to live, usage.
@Suite(.onOwnThread, .enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
struct RedisCacheTests {
    private let server: RedisServerProcess
    private let client: RedisClient

    init() throws {
        server = try RedisServerProcess.start()
        client = RedisClient(configuration: server.configuration)
    }

    @Test func keysLiveUnderTheNamespaceAsCheckedRecords() throws {
        let cache = RedisCache(client: client, namespace: "team:")
        let key = Key("hero")
        try cache.set("Storm", for: key)
        let name = cache.redisKey(for: key)
        #expect(String(decoding: name, as: UTF8.self).hasPrefix("team:"))
        #expect(name.count == "team:".count + 16)
        let record = try EntryRecord(decoding: Data(try #require(try client.get(name))))
        #expect(record.key == key.value)
        #expect(record.type == "Swift.String")
        #expect(record.expiresAt == nil)
    }

    @Test func aValueOfTheJSONEraIsAMissAndIsDropped() throws {
        let cache = RedisCache(client: client)
        let key = Key("hero")
        try cache.set(["Storm"], for: key)
        let name = cache.redisKey(for: key)
        var old = try #require(try client.get(name))
        old.replaceSubrange(0..<4, with: Array("XLC1".utf8))
        try client.set(name, old)

        #expect(try cache.get([String].self, for: key) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(try client.get(name) == nil)
    }

    @Test func removeAllDeletesOnlyTheNamespacesKeys() throws {
        let cache = RedisCache(client: client, namespace: "a*[ns]:")
        let neighbour = RedisCache(client: client, namespace: "a:")
        try client.set(Array("unrelated".utf8), Array("stays".utf8))
        for id in 0..<2_500 { try cache.set(id, for: Key("k\(id)")) }
        try neighbour.set(1, for: Key("k1"))
        #expect(try cache.usage().count == 2_500)
        try cache.removeAll()
        #expect(try cache.usage().count == 0)
        #expect(try neighbour.get(Int.self, for: Key("k1")) == 1)
        #expect(try client.get(Array("unrelated".utf8)) == Array("stays".utf8))
    }

    @Test func entriesExpireOnTheServerAfterTheirTimeToLive() throws {
        let cache = RedisCache(client: client, timeToLive: 60)
        try cache.set(1, for: Key("default"))
        try cache.set(2, for: Key("own"), timeToLive: 0.5)
        func milliseconds(_ key: Key) throws -> Int64 {
            guard case .integer(let value) = try client.send(RedisCommand("PTTL", arguments: [cache.redisKey(for: key)])) else { return -3 }
            return value
        }
        #expect((59_000...60_000).contains(try milliseconds(Key("default"))))
        #expect((1...500).contains(try milliseconds(Key("own"))))
    }

    @Test func anExpiredRecordIsAMissEvenBeforeTheServerDropsIt() throws {
        let clock = ManualClock()
        let cache = RedisCache(client: client, timeToLive: 60, now: clock.now)
        try cache.set(1, for: Key("k"))
        clock.advance(by: 61)
        #expect(try cache.get(Int.self, for: Key("k")) == nil)
        #expect(cache.statistics.expirations == 1)
    }

    @Test(arguments: [
        ("foreign", Array("a value someone else wrote".utf8)),
        ("torn", [UInt8](RedisCacheTests.sampleRecord().encoded().dropLast(3))),
        ("flipped", RedisCacheTests.sampleRecord().encoded().enumerated().map { $0 == 60 ? $1 ^ 1 : $1 }),
    ])
    func aDamagedValueIsACountedMissAndIsDropped(_ name: String, _ bytes: [UInt8]) throws {
        let cache = RedisCache(client: client)
        let key = Key("k")
        try client.set(cache.redisKey(for: key), bytes)
        #expect(try cache.get(String.self, for: key) == nil, "\(name)")
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(cache.statistics.misses == 1)
        #expect(try client.get(cache.redisKey(for: key)) == nil)
    }

    @Test func aRecordOfAnotherKeyUnderTheSameNameIsAMiss() throws {
        let cache = RedisCache(client: client)
        try client.set(cache.redisKey(for: Key("k")), Array(Self.sampleRecord().encoded()))
        #expect(try cache.get(String.self, for: Key("k")) == nil)
        #expect(try cache.get(Int.self, for: Key("k")) == nil)
    }

    @Test func aPayloadThatDoesNotDecodeIsACountedMiss() throws {
        let cache = RedisCache(client: client)
        let record = EntryRecord(key: Key("k").value, type: "Swift.Int", storedAt: Date(), expiresAt: nil, payload: Data("nope".utf8))
        try client.set(cache.redisKey(for: Key("k")), Array(record.encoded()))
        #expect(try cache.get(Int.self, for: Key("k")) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
    }

    @Test func usageCountsTheNamespacesKeysAndBytes() throws {
        let cache = RedisCache(client: client)
        try cache.set("x", for: Key("one"))
        try cache.set("y", for: Key("two"))
        let usage = try cache.usage()
        #expect(usage.count == 2)
        #expect(usage.bytes == 2 * Self.recordSize(key: Key("one"), payloadBytes: try PayloadEncoder().encode("x").count))
    }

    @Test func aValueThatCannotBeEncodedThrowsAndStoresNothing() throws {
        let cache = RedisCache(client: client)
        #expect(throws: StorageError.self) { try cache.set(Unencodable(), for: Key("nan")) }
        #expect(cache.statistics.stores == 0)
    }

    @Test func failuresAreKeptForAWarning() throws {
        let cache = RedisCache(client: client)
        #expect(cache.lastError == nil)
        server.stop()
        #expect(throws: RedisError.self) { try cache.get(Int.self, for: Key("k")) }
        #expect(cache.lastError?.isConnectionFailure == true)
    }

    static func sampleRecord() -> EntryRecord {
        EntryRecord(
            key: "raw:other", type: "Swift.String", storedAt: Date(timeIntervalSince1970: 0), expiresAt: nil, payload: Data("\"x\"".utf8))
    }

    private static func recordSize(key: Key, payloadBytes: Int) -> Int {
        48 + key.value.utf8.count + "Swift.String".utf8.count + payloadBytes
    }
}

/// A value whose encoding always fails.
private struct Unencodable: Codable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "refused"))
    }
}
