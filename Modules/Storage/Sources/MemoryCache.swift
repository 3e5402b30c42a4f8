import Synchronization

/// A thread-safe, unbounded in-memory cache. Values are kept as they are (no encoding).
public final class MemoryCache: Caching {
    private struct State {
        var values: [Key: any Sendable] = [:]
        var statistics = CacheStatistics()
    }

    private let state = Mutex(State())

    /// An empty cache.
    public init() {}

    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws {
        state.withLock { state in
            state.values[key] = value
            state.statistics.stores += 1
        }
    }

    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws -> Value? {
        state.withLock { state in
            guard let value = state.values[key] as? Value else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            return value
        }
    }

    public func remove(_ key: Key) throws {
        _ = state.withLock { $0.values.removeValue(forKey: key) }
    }

    public func removeAll() throws {
        state.withLock { $0.values.removeAll() }
    }

    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }
}
