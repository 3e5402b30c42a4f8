/// Counts of what a cache did, readable as one value.
public struct CacheStatistics: Sendable, Equatable, Codable {
    /// Reads that found a value.
    public var hits = 0
    /// Reads that found nothing.
    public var misses = 0
    /// Values stored.
    public var stores = 0

    /// All counts zero.
    public init() {}

    /// A statistics value with the given counts.
    public init(hits: Int, misses: Int, stores: Int) {
        self.hits = hits
        self.misses = misses
        self.stores = stores
    }
}
