/// Counts of what a repository did beyond what its cache counts.
public struct RepositoryStatistics: Sendable, Equatable, Codable {
    /// Calls made to the provider.
    public var providerCalls = 0
    /// Reads answered from the cache with a fresh value, without a provider call.
    public var cacheHits = 0
    /// Reads answered with a stale cached value because the provider was unavailable.
    public var staleServed = 0
    /// Calls that joined an identical request already in flight instead of calling the provider.
    public var coalescedCalls = 0
    /// Cache reads that failed and were treated as misses.
    public var cacheReadFailures = 0
    /// Cache writes that failed; the read that caused them still succeeded.
    public var cacheWriteFailures = 0

    /// Statistics with the given counts, zero unless given.
    public init(
        providerCalls: Int = 0,
        cacheHits: Int = 0,
        staleServed: Int = 0,
        coalescedCalls: Int = 0,
        cacheReadFailures: Int = 0,
        cacheWriteFailures: Int = 0
    ) {
        self.providerCalls = providerCalls
        self.cacheHits = cacheHits
        self.staleServed = staleServed
        self.coalescedCalls = coalescedCalls
        self.cacheReadFailures = cacheReadFailures
        self.cacheWriteFailures = cacheWriteFailures
    }
}
