/// Counts of what a repository did beyond what its cache counts.
public struct RepositoryStatistics: Sendable, Equatable {
    /// Calls made to the provider.
    public var providerCalls = 0
    /// Cache reads that failed and were treated as misses.
    public var cacheReadFailures = 0
    /// Cache writes that failed; the read that caused them still succeeded.
    public var cacheWriteFailures = 0

    /// All counts zero.
    public init() {}

    /// Statistics with the given counts.
    public init(providerCalls: Int, cacheReadFailures: Int = 0, cacheWriteFailures: Int = 0) {
        self.providerCalls = providerCalls
        self.cacheReadFailures = cacheReadFailures
        self.cacheWriteFailures = cacheWriteFailures
    }
}
