/// Counts of what a cache did since it was made, readable as one value.
public struct CacheStatistics: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Reads that found a value.
    public var hits: Int
    /// Reads that found nothing (including expired, corrupt or other-typed entries).
    public var misses: Int
    /// Values stored.
    public var stores: Int
    /// Entries dropped to stay within a count, cost or byte limit.
    public var evictions: Int
    /// Entries dropped because their time to live had passed.
    public var expirations: Int
    /// Entries dropped because they were corrupt, truncated, undecodable, too large or not regular files.
    public var corruptEntriesDropped: Int

    /// A statistics value with the given counts (all zero by default).
    public init(
        hits: Int = 0, misses: Int = 0, stores: Int = 0,
        evictions: Int = 0, expirations: Int = 0, corruptEntriesDropped: Int = 0
    ) {
        self.hits = hits
        self.misses = misses
        self.stores = stores
        self.evictions = evictions
        self.expirations = expirations
        self.corruptEntriesDropped = corruptEntriesDropped
    }

    /// One line for people, e.g. `3 hits, 1 misses, 4 stored, 0 evicted, 0 expired, 0 corrupt`.
    public var description: String {
        "\(hits) hits, \(misses) misses, \(stores) stored, \(evictions) evicted, "
            + "\(expirations) expired, \(corruptEntriesDropped) corrupt"
    }
}
