import Repository
import Storage

/// What the cache and the repository counted in this run, as the program prints it.
struct StatisticsReport {
    let cacheKind: String
    let cache: CacheStatistics
    let repository: RepositoryStatistics

    /// One line: `cache (disk): hits 1, misses 0, stored 0; provider calls 0`.
    var summary: String {
        "cache (\(cacheKind)): hits \(cache.hits), misses \(cache.misses), stored \(cache.stores); "
            + "provider calls \(repository.providerCalls)"
    }

    /// Every count, one line for the cache and one for the repository.
    var details: String {
        """
        cache (\(cacheKind)): hits \(cache.hits), misses \(cache.misses), stored \(cache.stores), \
        evictions \(cache.evictions), expirations \(cache.expirations), corrupt entries dropped \(cache.corruptEntriesDropped)
        repository: provider calls \(repository.providerCalls), cache hits \(repository.cacheHits), \
        stale served \(repository.staleServed), coalesced \(repository.coalescedCalls), \
        cache read failures \(repository.cacheReadFailures), cache write failures \(repository.cacheWriteFailures)
        """
    }
}
