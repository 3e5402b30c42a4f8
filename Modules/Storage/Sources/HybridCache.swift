import Foundation
import Synchronization

/// A memory cache in front of a disk cache: reads go to memory first and fall back to disk,
/// promoting what they find; writes and removals go to disk first, then memory, so a failure
/// leaves both layers as they were.
///
/// Its own statistics count hits (in either layer), misses (in both) and stores; evictions,
/// expirations and corrupt entries are the disk's, the layer of record. Each layer's own
/// statistics stay readable through `memory` and `disk`. The memory layer does not see what
/// other processes write to the directory until its entries expire or are evicted.
public final class HybridCache: Caching {
    /// The front layer.
    public let memory: MemoryCache
    /// The layer of record.
    public let disk: DiskCache
    private let counts = Mutex(CacheStatistics())

    /// A cache reading through `memory` to `disk`.
    public init(memory: MemoryCache = MemoryCache(), disk: DiskCache) {
        self.memory = memory
        self.disk = disk
    }

    /// Stores `value` on disk, then in memory, for the disk cache's own time to live.
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws(StorageError) {
        try set(value, for: key, timeToLive: nil)
    }

    /// Stores `value` under `key` in both layers, valid for `timeToLive` seconds (nil: the disk
    /// cache's own time to live).
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key, timeToLive: TimeInterval?) throws(StorageError) {
        let date = disk.now()
        let expiresAt = (timeToLive ?? disk.timeToLive).map(date.addingTimeInterval)
        try disk.store(value, for: key, storedAt: date, expiresAt: expiresAt)
        memory.set(value, for: key, expiresAt: expiresAt)
        counts.withLock { $0.stores += 1 }
    }

    /// The value from memory, else from disk (then kept in memory too), or nil on a miss.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws(StorageError) -> Value? {
        if let value = memory.get(type, for: key) {
            counts.withLock { $0.hits += 1 }
            return value
        }
        guard let found = try disk.lookup(type, for: key) else {
            counts.withLock { $0.misses += 1 }
            return nil
        }
        memory.set(found.value, for: key, expiresAt: found.expiresAt)
        counts.withLock { $0.hits += 1 }
        return found.value
    }

    /// Removes `key` from disk, then from memory.
    public func remove(_ key: Key) throws(StorageError) {
        try disk.remove(key)
        memory.remove(key)
    }

    /// Empties the disk, then memory.
    public func removeAll() throws(StorageError) {
        try disk.removeAll()
        memory.removeAll()
    }

    /// Hits, misses and stores counted here; evictions, expirations and corrupt entries from the disk.
    public var statistics: CacheStatistics {
        var statistics = counts.withLock { $0 }
        let layer = disk.statistics
        statistics.evictions = layer.evictions
        statistics.expirations = layer.expirations
        statistics.corruptEntriesDropped = layer.corruptEntriesDropped
        return statistics
    }
}
