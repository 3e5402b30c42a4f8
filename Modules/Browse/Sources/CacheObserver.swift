import Foundation
import Storage

/// What a read reports about its cache: which kind it is, its counts, a warning when it failed
/// without failing the read, and the disk cache's ledger of hits and misses across runs.
public struct CacheObserver: Sendable {
    /// The cache's kind as the summary line names it: the name `--cache` gives it.
    public let kind: String
    private let cache: any Caching
    private let ledger: (any CacheLedger)?
    private let failure: @Sendable () -> String?

    /// An observer of `cache`, adding each run's counts to `ledger` when there is one; `failure`
    /// says how a cache that lets reads go to the provider when it fails has failed, if it has.
    public init(
        kind: String, cache: any Caching, ledger: (any CacheLedger)? = nil, failure: @escaping @Sendable () -> String? = { nil }
    ) {
        self.kind = kind
        self.cache = cache
        self.ledger = ledger
        self.failure = failure
    }

    /// What the cache counted in this run.
    var statistics: CacheStatistics { cache.statistics }

    /// The warning for this run, when the cache failed without failing it.
    var warning: String? { failure().map { "\($0); answered from the provider" } }

    /// Adds this run's counts to the ledger, if the cache keeps one; a failure is bookkeeping, so
    /// it goes to `warn` and is never thrown.
    public func recordRun(warn: (String) -> Void) {
        guard let ledger else { return }
        do {
            try ledger.add(statistics)
        } catch {
            warn("this run's hits and misses were not counted: \(error)")
        }
    }
}
