import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

@Suite struct HybridCacheTests {
    let directory = URL(fileURLWithPath: "/caches/hybrid")
    let clock = ManualClock()
    let fileSystem = InMemoryFileSystem()

    func makeDisk(timeToLive: TimeInterval? = nil) throws -> DiskCache {
        try DiskCache(directory: directory, fileSystem: fileSystem, timeToLive: timeToLive, now: clock.now)
    }

    func makeCache(timeToLive: TimeInterval? = nil) throws -> HybridCache {
        HybridCache(memory: MemoryCache(now: clock.now), disk: try makeDisk(timeToLive: timeToLive))
    }

    @Test func writesThroughToBothLayers() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        #expect(cache.memory.get(String.self, for: Key("a")) == "a")
        #expect(try cache.disk.get(String.self, for: Key("a")) == "a")
    }

    @Test func readsThroughToDiskAndPromotesWhatItFinds() throws {
        let cache = try makeCache()
        try cache.disk.set("a", for: Key("a"))
        #expect(try cache.get(String.self, for: Key("a")) == "a")
        #expect(cache.memory.get(String.self, for: Key("a")) == "a")
        #expect(cache.disk.statistics.hits == 1)
    }

    @Test func aMemoryHitDoesNotTouchTheDisk() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        fileSystem.failReads(with: InjectedFailure())
        #expect(try cache.get(String.self, for: Key("a")) == "a")
    }

    @Test func survivesARestartThroughTheDisk() throws {
        try makeCache().set("a", for: Key("a"))
        #expect(try makeCache().get(String.self, for: Key("a")) == "a")
    }

    @Test func removeAndRemoveAllEmptyBothLayers() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        try cache.set("b", for: Key("b"))
        try cache.remove(Key("a"))
        #expect(cache.memory.get(String.self, for: Key("a")) == nil)
        #expect(try cache.disk.get(String.self, for: Key("a")) == nil)
        try cache.removeAll()
        #expect(cache.memory.count == 0)
        #expect(try cache.disk.usage().count == 0)
    }

    @Test func promotedEntriesExpireWhenTheDiskEntryDoes() throws {
        let cache = try makeCache(timeToLive: 60)
        try cache.set("a", for: Key("a"))
        let restarted = try makeCache(timeToLive: 60)
        clock.advance(by: 30)
        #expect(try restarted.get(String.self, for: Key("a")) == "a")
        clock.advance(by: 30)
        #expect(restarted.memory.get(String.self, for: Key("a")) == nil)
        #expect(try restarted.get(String.self, for: Key("a")) == nil)
    }

    @Test func anEntrysOwnTimeToLiveAppliesToBothLayers() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"), timeToLive: 10)
        clock.advance(by: 10)
        #expect(cache.memory.get(String.self, for: Key("a")) == nil)
        #expect(try cache.get(String.self, for: Key("a")) == nil)
        #expect(cache.statistics.expirations == 1)
    }

    @Test func countsAtItsOwnLevelAndReportsTheDisksDrops() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        _ = try cache.get(String.self, for: Key("a"))
        _ = try cache.get(String.self, for: Key("b"))
        try fileSystem.write(Data("junk".utf8), to: cache.disk.fileURL(for: Key("c")))
        _ = try cache.get(String.self, for: Key("c"))
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 2, stores: 1, corruptEntriesDropped: 1))
    }

    @Test func isReleasedWithItsLayersWhenNoLongerUsed() throws {
        try withLeakTracking { leaks in
            let cache = try makeCache()
            leaks.trackForMemoryLeaks(cache)
            leaks.trackForMemoryLeaks(cache.memory)
            leaks.trackForMemoryLeaks(cache.disk)
            try cache.set("a", for: Key("a"))
        }
    }
}
