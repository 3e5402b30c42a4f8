import Storage
import Testing

@Suite struct CacheStatisticsTests {
    @Test func describesEveryCountOnOneLine() {
        let statistics = CacheStatistics(hits: 3, misses: 1, stores: 4, evictions: 2, expirations: 5, corruptEntriesDropped: 6)
        #expect(statistics.description == "3 hits, 1 misses, 4 stored, 2 evicted, 5 expired, 6 corrupt")
    }

    @Test func startsAtZero() {
        #expect(CacheStatistics() == CacheStatistics(hits: 0, misses: 0, stores: 0))
    }
}
