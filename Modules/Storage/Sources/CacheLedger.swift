/// Where a cache's hits and misses are added up across runs, for `cache stats`. Counting is
/// bookkeeping: a caller warns when `add` throws and never fails a read for it.
public protocol CacheLedger: Sendable {
    /// Adds one run's hits and misses.
    func add(_ statistics: CacheStatistics) throws
}
