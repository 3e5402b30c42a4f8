import Foundation
import Storage

/// The plain LRU `MemoryCache` is held to: a `Dictionary` of entries, each linked to the next older
/// and newer one, so the entries form a doubly linked list from the least to the most recently
/// used. Its rules are the ones `MemoryCache` documents: a store or a hit makes an entry the most
/// recently used, a value is found only under the type it was stored as (a miss of another type
/// leaves the entry as it was), an entry expires when its time to live has passed and is dropped
/// when next read, and after each store the least recently used entries are evicted until the
/// count and the total cost are within their limits (so an entry costlier than the limit is not kept).
public struct LRUReference: Sendable {
    private struct Node {
        var value: any Sendable
        var cost: Int
        /// When the entry expires; nil for never.
        var expiry: Date?
        var older: Key?
        var newer: Key?
    }

    /// The most entries kept, or nil for no limit.
    public let countLimit: Int?
    /// The most total cost kept, or nil for no limit.
    public let totalCostLimit: Int?
    /// How long an entry stored without its own time to live stays valid, or nil for ever.
    public let timeToLive: TimeInterval?
    private let now: @Sendable () -> Date
    private var nodes: [Key: Node] = [:]
    private var oldest: Key?
    private var newest: Key?
    /// The sum of the entries' costs.
    public private(set) var totalCost = 0
    /// What `MemoryCache` would have counted after the same calls.
    public private(set) var statistics = CacheStatistics()

    /// An empty reference with `MemoryCache`'s limits (nil: none) and clock.
    public init(
        countLimit: Int? = nil, totalCostLimit: Int? = nil, timeToLive: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.countLimit = countLimit
        self.totalCostLimit = totalCostLimit
        self.timeToLive = timeToLive
        self.now = now
    }

    /// The number of entries, expired ones not yet dropped included.
    public var count: Int { nodes.count }

    /// Stores `value` under `key` as the most recently used entry, valid for `timeToLive` seconds
    /// (nil: the reference's own), then evicts the least recently used entries while over a limit.
    public mutating func set(_ value: some Sendable, for key: Key, cost: Int = 0, timeToLive: TimeInterval? = nil) {
        statistics.stores += 1
        let expiry = (timeToLive ?? self.timeToLive).map { now().addingTimeInterval($0) }
        append(value, for: key, cost: cost, expiry: expiry)
        while isOverLimit, let oldest {
            unlink(oldest)
            statistics.evictions += 1
        }
    }

    /// The value under `key` if it was stored as a `Value` and has not expired (an expired entry
    /// is dropped); a hit makes the entry the most recently used.
    public mutating func get<Value>(_ type: Value.Type, for key: Key) -> Value? {
        guard let node = nodes[key] else {
            statistics.misses += 1
            return nil
        }
        if let expiry = node.expiry, expiry <= now() {
            unlink(key)
            statistics.expirations += 1
            statistics.misses += 1
            return nil
        }
        guard ObjectIdentifier(Swift.type(of: node.value)) == ObjectIdentifier(Value.self) else {
            statistics.misses += 1
            return nil
        }
        append(node.value, for: key, cost: node.cost, expiry: node.expiry)
        statistics.hits += 1
        return node.value as? Value
    }

    /// Removes `key`'s entry, if any.
    public mutating func remove(_ key: Key) {
        unlink(key)
    }

    /// Removes every entry; the statistics stay.
    public mutating func removeAll() {
        nodes = [:]
        oldest = nil
        newest = nil
        totalCost = 0
    }

    /// Removes every entry whose time to live has passed, counting each as an expiration.
    public mutating func removeExpired() {
        let date = now()
        for (key, node) in nodes {
            guard let expiry = node.expiry, expiry <= date else { continue }
            unlink(key)
            statistics.expirations += 1
        }
    }

    private var isOverLimit: Bool {
        if let countLimit, nodes.count > countLimit { return true }
        if let totalCostLimit, totalCost > totalCostLimit { return true }
        return false
    }

    /// Puts an entry for `key` at the most recently used end, replacing any entry it had.
    private mutating func append(_ value: any Sendable, for key: Key, cost: Int, expiry: Date?) {
        unlink(key)
        nodes[key] = Node(value: value, cost: cost, expiry: expiry, older: newest, newer: nil)
        totalCost += cost
        if let newest { nodes[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Takes `key`'s entry out of the dictionary and the list, if it is there.
    private mutating func unlink(_ key: Key) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        totalCost -= node.cost
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
    }
}
