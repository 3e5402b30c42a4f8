import DataProviders
import DataProvidersTesting
import Foundation
import Repository
import RepositoryTesting
import Storage
import StorageTesting
import Synchronization
import TestSupport
import Testing

/// What a cache hands back is checked before it is served: a copy stored at a time that is no
/// time (NaN, infinite, far outside years -9999 to 9999) is a counted miss of an encoding cache,
/// and a copy of another character filed under a character's key is never served for it.
@Suite struct CachedRecordTrustTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")
    let down = ProviderError.unavailable("HTTP 503")

    func diskCache() throws -> DiskCache {
        try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: InMemoryFileSystem())
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func aCopyStoredAtATimeThatIsNoTimeIsACountedMissNotAStaleAnswer(_ seconds: Double) async throws {
        let cache = try diskCache()
        let provider = CharacterProviderStub(characters: [.success(hulk), .failure(down)])
        let writer = InternalCharacterRepository(provider: provider, cache: cache, now: { Date(timeIntervalSince1970: seconds) })
        _ = try await writer.character(by: 1)
        #expect(cache.statistics.stores == 1)

        let reader = InternalCharacterRepository(provider: provider, cache: cache)
        await #expect(throws: down) { try await reader.character(by: 1) }
        #expect(reader.statistics.staleServed == 0)
        #expect(cache.statistics.corruptEntriesDropped == 1)
    }

    @Test func aCopyStoredAtATimeOfTheYearsIsStillServedStale() async throws {
        let cache = try diskCache()
        let storedAt = Date(timeIntervalSince1970: -377_705_116_800)
        let provider = CharacterProviderStub(characters: [.success(hulk), .failure(down)])
        _ = try await InternalCharacterRepository(provider: provider, cache: cache, now: { storedAt }).character(by: 1)

        let stale = try await InternalCharacterRepository(provider: provider, cache: cache).character(by: 1)
        #expect(stale == Fetched(value: hulk, origin: .cache, isStale: true, storedAt: storedAt))
    }

    @Test(arguments: ["memory", "disk"])
    func anotherCharactersCopyUnderACharactersKeyIsNeverServed(_ kind: String) async throws {
        let inner: any Caching = kind == "memory" ? MemoryCache() : try diskCache()
        let cache = MisfilingCache(inner)
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))], characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: cache)
        _ = try await repository.characters(offset: 0, limit: 20)
        #expect(cache.misfiled == 1)

        let fetched = try await repository.character(by: 1)
        #expect(fetched.value == hulk)
        #expect(fetched.origin == .provider)
        #expect(repository.statistics.providerCalls == 2)
    }
}

/// A cache that files the value set for character 2's key under character 1's, as a bug or
/// another program writing the same cache could: the record then names character 1's key.
private final class MisfilingCache: Caching {
    private let inner: any Caching
    private let state = Mutex((firstKey: Key?.none, misfiled: 0))

    init(_ inner: any Caching) {
        self.inner = inner
    }

    var misfiled: Int { state.withLock { $0.misfiled } }

    func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws {
        let target = state.withLock { state -> Key in
            if key.value.hasSuffix("#1") { state.firstKey = key }
            guard key.value.hasSuffix("#2"), let first = state.firstKey else { return key }
            state.misfiled += 1
            return first
        }
        try inner.set(value, for: target)
    }

    func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws -> Value? {
        try inner.get(type, for: key)
    }

    func remove(_ key: Key) throws {
        try inner.remove(key)
    }

    func removeAll() throws {
        try inner.removeAll()
    }

    var statistics: CacheStatistics { inner.statistics }
}
