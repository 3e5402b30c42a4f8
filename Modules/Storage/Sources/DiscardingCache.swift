import Synchronization

/// A `Caching` that keeps nothing, for turning caching off without changing who uses a cache:
/// every `get` misses and every `set` is dropped (and counted as neither a store nor an error).
///
/// It is the one `Caching` that does not deliver what was stored, by design; it passes the
/// specs of `CachingContract` that need no stored value (see DiscardingCacheTests).
public final class DiscardingCache: Caching {
    private let counts = Mutex(CacheStatistics())

    /// A cache that keeps nothing.
    public init() {}

    /// Keeps nothing.
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) {}

    /// Always nil, counted as a miss.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) -> Value? {
        counts.withLock { $0.misses += 1 }
        return nil
    }

    /// Does nothing: nothing is kept.
    public func remove(_ key: Key) {}

    /// Does nothing: nothing is kept.
    public func removeAll() {}

    /// The misses counted so far; every other count stays zero.
    public var statistics: CacheStatistics {
        counts.withLock { $0 }
    }
}
