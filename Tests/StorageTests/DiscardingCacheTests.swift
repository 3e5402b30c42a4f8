import Storage
import StorageTesting
import Testing

@Suite struct DiscardingCacheTests {
    @Test func keepsNothingAndCountsEveryReadAsAMiss() {
        let cache = DiscardingCache()
        cache.set(1, for: Key("one"))
        #expect(cache.get(Int.self, for: Key("one")) == nil)
        #expect(cache.get(Int.self, for: Key("two")) == nil)
        #expect(cache.statistics.misses == 2)
        #expect(cache.statistics.stores == 0)
        #expect(cache.statistics.hits == 0)
    }

    static let specsThatHoldWithoutStoring: [CachingContract.Spec] = [
        .missesOnEmptyCache, .missHasNoSideEffects, .removeAllEmptiesEverything, .rawAndTypedKeysDoNotCollide,
    ]

    @Test(arguments: specsThatHoldWithoutStoring)
    func meetsTheSpecsThatDoNotNeedAStoredValue(_ spec: CachingContract.Spec) async throws {
        try await CachingContract.verify(spec) { DiscardingCache() }
    }
}
