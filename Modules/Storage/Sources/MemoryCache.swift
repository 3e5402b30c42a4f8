import Foundation
import Synchronization

/// A thread-safe in-memory cache with true LRU eviction: get, set and remove are amortized O(1),
/// reading an entry makes it the most recently used, and the least recently used entries are
/// evicted to stay within `countLimit` and `totalCostLimit`. Entries can expire after a time to
/// live, set per cache or per entry. Values are kept as they are (no encoding) and are found only
/// under the exact type they were stored as; a value set under a typed key of another id is not
/// kept (`Key.identifies`).
public final class MemoryCache: Caching {
    private struct State {
        var table = LRUTable()
        var statistics = CacheStatistics()
    }

    /// The most entries the cache keeps, or nil for no limit.
    public let countLimit: Int?
    /// The most total cost the cache keeps, or nil for no limit; an entry costlier than this is not kept.
    public let totalCostLimit: Int?
    /// How long an entry set without its own time to live stays valid, or nil for ever.
    public let timeToLive: TimeInterval?
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    /// An empty cache with the given limits (nil: none) and clock.
    public init(
        countLimit: Int? = nil,
        totalCostLimit: Int? = nil,
        timeToLive: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.countLimit = countLimit
        self.totalCostLimit = totalCostLimit
        self.timeToLive = timeToLive
        self.now = now
    }

    /// Stores `value` under `key` at no cost, for the cache's own time to live.
    @inlinable
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) {
        store(value, for: key, cost: 0, expiry: expiry(after: nil))
    }

    /// Stores `value` under `key` with a cost counted against `totalCostLimit`, valid for
    /// `timeToLive` seconds (nil: the cache's own time to live).
    @inlinable
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key, cost: Int, timeToLive: TimeInterval? = nil) {
        store(value, for: key, cost: cost, expiry: expiry(after: timeToLive))
    }

    /// The value of type `Value` under `key`, or nil on a miss; a hit makes the entry the most recently used.
    @inlinable
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            let destination = buffer.baseAddress.unsafelyUnwrapped
            guard copyValue(for: key, as: type, to: UnsafeMutableRawPointer(destination)) else { return nil }
            return destination.move()
        }
    }

    /// Copies the value under `key` to `destination` if it is a `type`, touching it and counting
    /// the hit or miss; false on a miss. Not generic, so the work under the lock needs no generic
    /// metadata (the value's own is in its existential).
    @usableFromInline
    func copyValue(for key: Key, as type: Any.Type, to destination: UnsafeMutableRawPointer) -> Bool {
        state.withLock { state in
            guard let place = state.table.place(of: key) else {
                state.statistics.misses += 1
                return false
            }
            switch state.table.read(at: place, as: type, now: { now().timeIntervalSinceReferenceDate }, to: destination) {
            case .hit:
                state.statistics.hits += 1
                return true
            case .expired:
                state.statistics.expirations += 1
                state.statistics.misses += 1
                return false
            case .otherType:
                state.statistics.misses += 1
                return false
            }
        }
    }

    /// Removes `key`'s entry, if any.
    public func remove(_ key: Key) {
        state.withLock { state in
            guard let place = state.table.place(of: key) else { return }
            state.table.remove(at: place)
        }
    }

    /// Removes every entry; the statistics stay.
    public func removeAll() {
        state.withLock { $0.table.removeAll() }
    }

    /// Removes every expired entry now rather than when it is next read (O(n)).
    public func removeExpired() {
        let date = now().timeIntervalSinceReferenceDate
        state.withLock { state in
            for place in state.table.placesFromOldest() where state.table[place].expiry <= date {
                state.table.remove(at: place)
                state.statistics.expirations += 1
            }
        }
    }

    /// The number of entries, expired ones not yet dropped included.
    public var count: Int {
        state.withLock { $0.table.count }
    }

    /// The sum of the entries' costs.
    public var totalCost: Int {
        state.withLock { $0.table.totalCost }
    }

    /// What the cache has counted since it was made.
    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// Stores `value` to expire at `expiresAt` or at the cache's own time to live, whichever is first.
    func set<Value: Encodable & Sendable>(_ value: Value, for key: Key, expiresAt: Date?) {
        let own = expiry(after: nil)
        store(value, for: key, cost: 0, expiry: min(own, expiresAt?.timeIntervalSinceReferenceDate ?? .infinity))
    }

    /// The expiry of an entry set now with `timeToLive` (nil: the cache's own), in seconds since
    /// the reference date; +infinity for never.
    @usableFromInline
    func expiry(after timeToLive: TimeInterval?) -> Double {
        guard let seconds = timeToLive ?? self.timeToLive else { return .infinity }
        return now().timeIntervalSinceReferenceDate + seconds
    }

    /// Stores `value` through the non-generic `store`, with the copy into an entry of the same type
    /// and the making of a new entry's existential done here, specialized where the caller is. A
    /// value whose id is not its typed key's (`Key.identifies`) is not kept, and what the key held
    /// is removed, so a get misses.
    @inlinable
    func store<Value: Encodable & Sendable>(_ value: Value, for key: Key, cost: Int, expiry: Double) {
        guard key.identifies(value) else {
            remove(key)
            return
        }
        store(
            for: key, as: Value.self, cost: cost, expiry: expiry,
            overwrite: { $0.assumingMemoryBound(to: Value.self).pointee = value }, make: { value })
    }

    /// Stores a value of type `type` under `key`: `overwrite` assigns it over a stored value of the
    /// same type (initialized memory of that type), `make` wraps it for a new entry or another type's.
    @usableFromInline
    func store(
        for key: Key, as type: Any.Type, cost: Int, expiry: Double, overwrite: (UnsafeMutableRawPointer) -> Void,
        make: () -> any Encodable & Sendable
    ) {
        state.withLock { state in
            state.statistics.stores += 1
            if let place = state.table.place(of: key) {
                state.table.update(at: place, as: type, cost: cost, expiry: expiry, overwrite: overwrite, make: make)
            } else {
                state.table.insert(make(), for: key, cost: cost, expiry: expiry)
            }
            while isOverLimit(state), state.table.removeOldest() {
                state.statistics.evictions += 1
            }
        }
    }

    private func isOverLimit(_ state: borrowing State) -> Bool {
        if let countLimit, state.table.count > countLimit { return true }
        if let totalCostLimit, state.table.totalCost > totalCostLimit { return true }
        return false
    }
}
