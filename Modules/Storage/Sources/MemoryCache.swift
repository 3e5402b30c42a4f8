import Foundation
import Synchronization

/// A thread-safe in-memory cache with true LRU eviction: get, set and remove are O(1), reading an
/// entry makes it the most recently used, and the least recently used entries are evicted to stay
/// within `countLimit` and `totalCostLimit`. Entries can expire after a time to live, set per cache
/// or per entry. Values are kept as they are (no encoding).
public final class MemoryCache: Caching {
    private struct State {
        var table = LRUTable()
        var totalCost = 0
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

    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) {
        store(value, for: key, cost: 0, expiry: expiry(after: nil))
    }

    /// Stores `value` under `key` with a cost counted against `totalCostLimit`, valid for
    /// `timeToLive` seconds (nil: the cache's own time to live).
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key, cost: Int, timeToLive: TimeInterval? = nil) {
        store(value, for: key, cost: cost, expiry: expiry(after: timeToLive))
    }

    /// The value of type `Value` under `key`, or nil on a miss; a hit makes the entry the most recently used.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) -> Value? {
        state.withLock { state in
            guard let slot = state.table.slot(of: key) else {
                state.statistics.misses += 1
                return nil
            }
            let expiry = state.table[slot].expiry
            if expiry != .infinity && expiry <= now().timeIntervalSinceReferenceDate {
                state.totalCost -= state.table.remove(slot).cost
                state.statistics.expirations += 1
                state.statistics.misses += 1
                return nil
            }
            guard let value = state.table[slot].value as? Value else {
                state.statistics.misses += 1
                return nil
            }
            state.table.touch(slot)
            state.statistics.hits += 1
            return value
        }
    }

    public func remove(_ key: Key) {
        state.withLock { state in
            guard let slot = state.table.slot(of: key) else { return }
            state.totalCost -= state.table.remove(slot).cost
        }
    }

    public func removeAll() {
        state.withLock { state in
            state.table.removeAll()
            state.totalCost = 0
        }
    }

    /// Removes every expired entry now rather than when it is next read (O(n)).
    public func removeExpired() {
        let date = now().timeIntervalSinceReferenceDate
        state.withLock { state in
            for slot in state.table.slotsFromOldest where state.table[slot].expiry <= date {
                state.totalCost -= state.table.remove(slot).cost
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
        state.withLock { $0.totalCost }
    }

    public var statistics: CacheStatistics {
        state.withLock { $0.statistics }
    }

    /// Stores `value` to expire at `expiresAt` or at the cache's own time to live, whichever is first.
    func set<Value: Sendable>(_ value: Value, for key: Key, expiresAt: Date?) {
        let own = expiry(after: nil)
        store(value, for: key, cost: 0, expiry: min(own, expiresAt?.timeIntervalSinceReferenceDate ?? .infinity))
    }

    private func expiry(after timeToLive: TimeInterval?) -> Double {
        guard let seconds = timeToLive ?? self.timeToLive else { return .infinity }
        return now().timeIntervalSinceReferenceDate + seconds
    }

    private func store<Value: Sendable>(_ value: Value, for key: Key, cost: Int, expiry: Double) {
        state.withLock { state in
            state.statistics.stores += 1
            if let slot = state.table.slot(of: key) {
                state.totalCost += cost - state.table[slot].cost
                state.table[slot].value = value
                state.table[slot].cost = cost
                state.table[slot].expiry = expiry
                state.table.touch(slot)
            } else {
                state.table.insert(LRUTable.Entry(key: key, value: value, cost: cost, expiry: expiry))
                state.totalCost += cost
            }
            while let oldest = state.table.oldestSlot, isOverLimit(state) {
                state.totalCost -= state.table.remove(oldest).cost
                state.statistics.evictions += 1
            }
        }
    }

    private func isOverLimit(_ state: borrowing State) -> Bool {
        if let countLimit, state.table.count > countLimit { return true }
        if let totalCostLimit, state.totalCost > totalCostLimit { return true }
        return false
    }
}
