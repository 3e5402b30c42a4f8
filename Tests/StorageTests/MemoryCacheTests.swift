import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

@Suite struct MemoryCacheTests {
    @Test func countsHitsMissesAndStores() {
        let cache = MemoryCache()
        cache.set(1, for: Key("one"))
        _ = cache.get(Int.self, for: Key("one"))
        _ = cache.get(Int.self, for: Key("two"))
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 1, stores: 1))
    }

    @Test func valueOfAnotherTypeIsAMiss() {
        let cache = MemoryCache()
        cache.set(1, for: Key("one"))
        #expect(cache.get(String.self, for: Key("one")) == nil)
        #expect(cache.statistics.misses == 1)
    }

    @Test func evictsTheLeastRecentlyUsedBeyondTheCountLimit() {
        let cache = MemoryCache(countLimit: 3)
        for index in 0..<5 { cache.set(index, for: Key("\(index)")) }
        #expect((0..<5).map { cache.get(Int.self, for: Key("\($0)")) } == [nil, nil, 2, 3, 4])
        #expect(cache.count == 3)
        #expect(cache.statistics.evictions == 2)
    }

    @Test func readingAnEntryMakesItTheMostRecentlyUsed() {
        let cache = MemoryCache(countLimit: 2)
        cache.set("a", for: Key("a"))
        cache.set("b", for: Key("b"))
        _ = cache.get(String.self, for: Key("a"))
        cache.set("c", for: Key("c"))
        #expect(cache.get(String.self, for: Key("b")) == nil)
        #expect(cache.get(String.self, for: Key("a")) == "a")
        #expect(cache.get(String.self, for: Key("c")) == "c")
    }

    @Test func overwritingAnEntryMakesItTheMostRecentlyUsedWithoutGrowing() {
        let cache = MemoryCache(countLimit: 2)
        cache.set("a", for: Key("a"))
        cache.set("b", for: Key("b"))
        cache.set("a2", for: Key("a"))
        cache.set("c", for: Key("c"))
        #expect(cache.get(String.self, for: Key("a")) == "a2")
        #expect(cache.get(String.self, for: Key("b")) == nil)
        #expect(cache.count == 2)
    }

    @Test func aMissOfAnotherTypeDoesNotRefreshTheEntry() {
        let cache = MemoryCache(countLimit: 2)
        cache.set("a", for: Key("a"))
        cache.set("b", for: Key("b"))
        _ = cache.get(Int.self, for: Key("a"))
        cache.set("c", for: Key("c"))
        #expect(cache.get(String.self, for: Key("a")) == nil)
    }

    @Test func keepsTheEntryJustInsertedWhenCostsAreEqual() {
        let cache = MemoryCache(countLimit: 1)
        cache.set("first", for: Key("first"))
        cache.set("second", for: Key("second"))
        #expect(cache.get(String.self, for: Key("second")) == "second")
        #expect(cache.get(String.self, for: Key("first")) == nil)
    }

    @Test func evictsTheLeastRecentlyUsedBeyondTheTotalCostLimit() {
        let cache = MemoryCache(totalCostLimit: 10)
        cache.set("a", for: Key("a"), cost: 4)
        cache.set("b", for: Key("b"), cost: 4)
        _ = cache.get(String.self, for: Key("a"))
        cache.set("c", for: Key("c"), cost: 4)
        #expect(cache.get(String.self, for: Key("b")) == nil)
        #expect(cache.get(String.self, for: Key("a")) == "a")
        #expect(cache.totalCost == 8)
        #expect(cache.statistics.evictions == 1)
    }

    @Test func tracksTheTotalCostThroughOverwritesAndRemovals() {
        let cache = MemoryCache()
        cache.set("a", for: Key("a"), cost: 5)
        cache.set("a", for: Key("a"), cost: 2)
        cache.set("b", for: Key("b"), cost: 3)
        #expect(cache.totalCost == 5)
        cache.remove(Key("a"))
        #expect(cache.totalCost == 3)
        cache.removeAll()
        #expect(cache.totalCost == 0)
        #expect(cache.count == 0)
    }

    @Test func doesNotKeepAnEntryCostlierThanTheLimit() {
        let cache = MemoryCache(totalCostLimit: 10)
        cache.set("small", for: Key("small"), cost: 1)
        cache.set("huge", for: Key("huge"), cost: 11)
        #expect(cache.get(String.self, for: Key("huge")) == nil)
        #expect(cache.get(String.self, for: Key("small")) == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func entriesExpireAfterTheCachesTimeToLive() {
        let clock = ManualClock()
        let cache = MemoryCache(timeToLive: 60, now: clock.now)
        cache.set("a", for: Key("a"))
        clock.advance(by: 59)
        #expect(cache.get(String.self, for: Key("a")) == "a")
        clock.advance(by: 1)
        #expect(cache.get(String.self, for: Key("a")) == nil)
        #expect(cache.count == 0)
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 1, stores: 1, expirations: 1))
    }

    @Test func anEntrysOwnTimeToLiveOverridesTheCaches() {
        let clock = ManualClock()
        let cache = MemoryCache(timeToLive: 60, now: clock.now)
        cache.set("short", for: Key("short"), cost: 0, timeToLive: 5)
        cache.set("long", for: Key("long"), cost: 0, timeToLive: 600)
        clock.advance(by: 100)
        #expect(cache.get(String.self, for: Key("short")) == nil)
        #expect(cache.get(String.self, for: Key("long")) == "long")
    }

    @Test func withoutATimeToLiveEntriesNeverExpire() {
        let clock = ManualClock()
        let cache = MemoryCache(now: clock.now)
        cache.set("a", for: Key("a"))
        clock.advance(by: 10 * 365 * 86_400)
        #expect(cache.get(String.self, for: Key("a")) == "a")
    }

    @Test func removeExpiredDropsOnlyExpiredEntries() {
        let clock = ManualClock()
        let cache = MemoryCache(now: clock.now)
        cache.set("a", for: Key("a"), cost: 1, timeToLive: 10)
        cache.set("b", for: Key("b"), cost: 2, timeToLive: 100)
        cache.set("c", for: Key("c"), cost: 4)
        clock.advance(by: 50)
        cache.removeExpired()
        #expect(cache.count == 2)
        #expect(cache.totalCost == 6)
        #expect(cache.statistics.expirations == 1)
        #expect(cache.get(String.self, for: Key("b")) == "b")
    }

    @Test func removeAllKeepsTheStatistics() {
        let cache = MemoryCache()
        cache.set(1, for: Key("one"))
        cache.removeAll()
        #expect(cache.statistics.stores == 1)
    }

    @Test func staysWithinItsLimitsUnderConcurrentUse() async {
        let cache = MemoryCache(countLimit: 64, totalCostLimit: 1_000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<2_000 {
                        let key = Key("\((index * 7 + task) % 300)")
                        cache.set(index, for: key, cost: index % 20)
                        _ = cache.get(Int.self, for: Key("\((index + task) % 300)"))
                        if index % 13 == 0 { cache.remove(key) }
                    }
                }
            }
        }
        #expect(cache.count <= 64)
        #expect(cache.totalCost <= 1_000)
        let statistics = cache.statistics
        #expect(statistics.stores == 16_000)
        #expect(statistics.hits + statistics.misses == 16_000)
    }

    @Test func isReleasedWhenNoLongerUsed() {
        withLeakTracking { leaks in
            let cache = MemoryCache(countLimit: 2)
            leaks.trackForMemoryLeaks(cache)
            cache.set("a", for: Key("a"))
        }
    }
}

@Suite struct MemoryCacheTableTests {
    /// Larger than an existential's three inline words, so the cache keeps it in a box.
    struct Profile: Codable, Sendable, Equatable {
        let id: Int
        let name: String
        let description: String
        let comics: [String]
    }

    @Test func keepsValuesLargerThanThreeWordsAndOverwritesThem() {
        let cache = MemoryCache()
        let first = Profile(id: 1, name: "Storm", description: "Weather", comics: ["X-Men #1"])
        let second = Profile(id: 1, name: "Ororo", description: "Weather witch", comics: [])
        cache.set(first, for: Key(Profile.self, id: 1))
        let read = cache.get(Profile.self, for: Key(Profile.self, id: 1))
        cache.set(second, for: Key(Profile.self, id: 1))
        #expect(read == first)
        #expect(cache.get(Profile.self, for: Key(Profile.self, id: 1)) == second)
        cache.set("text", for: Key(Profile.self, id: 1))
        #expect(cache.get(Profile.self, for: Key(Profile.self, id: 1)) == nil)
        #expect(cache.get(String.self, for: Key(Profile.self, id: 1)) == "text")
    }

    @Test func findsEveryKeyThroughGrowthAndRemovals() {
        let cache = MemoryCache()
        for id in 0..<5_000 { cache.set(id, for: Key(Profile.self, id: id)) }
        for id in stride(from: 0, to: 5_000, by: 3) { cache.remove(Key(Profile.self, id: id)) }
        for id in 5_000..<6_000 { cache.set(id, for: Key(Profile.self, id: id)) }
        let found = (0..<6_000).filter { cache.get(Int.self, for: Key(Profile.self, id: $0)) == $0 }
        #expect(found == (0..<6_000).filter { $0 >= 5_000 || $0 % 3 != 0 })
        #expect(cache.count == found.count)
    }

    /// Many keys, a limit well below them and frequent removals: the table grows, is rebuilt to
    /// clear removed places and compacts its log of uses many times, and must still evict exactly
    /// the least recently used entry each time.
    @Test(arguments: [11, 12, 13])
    func evictsExactlyLikeAReferenceLRUAtScale(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let cache = MemoryCache(countLimit: 150)
        var model = LRUReference(countLimit: 150)
        for step in 0..<20_000 {
            let key = Key("\(Int.random(in: 0..<400, using: &random))")
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                cache.set(step, for: key)
                model.set(step, for: key)
            case 4..<9:
                #expect(cache.get(Int.self, for: key) == model.get(Int.self, for: key), "step \(step)")
            default:
                cache.remove(key)
                model.remove(key)
            }
        }
        #expect(cache.count == model.count)
        #expect(model.statistics.evictions > 1_000)
        #expect(cache.statistics == model.statistics)
        #expect((0..<400).allSatisfy { cache.get(Int.self, for: Key("\($0)")) == model.get(Int.self, for: Key("\($0)")) })
    }

    @Test func removeExpiredKeepsTheOrderOfUse() {
        let clock = ManualClock()
        let cache = MemoryCache(countLimit: 3, now: clock.now)
        cache.set("a", for: Key("a"), cost: 0, timeToLive: 100)
        cache.set("b", for: Key("b"), cost: 0, timeToLive: 10)
        cache.set("c", for: Key("c"), cost: 0, timeToLive: 100)
        _ = cache.get(String.self, for: Key("a"))
        clock.advance(by: 50)
        cache.removeExpired()
        cache.set("d", for: Key("d"))
        cache.set("e", for: Key("e"))
        #expect(cache.get(String.self, for: Key("c")) == nil)
        #expect(cache.get(String.self, for: Key("a")) == "a")
        #expect(cache.statistics.expirations == 1)
    }
}
