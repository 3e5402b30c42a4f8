/// A key-value cache of `Codable` values. Memory, disk and remote caches stand in for each other.
///
/// Implementations are thread-safe. `get` returns nil on a miss; errors are real failures
/// (I/O, encoding) and leave the cache as it was.
public protocol Caching: Sendable {
    /// Stores `value` under `key`, replacing what was there.
    func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws
    /// The value stored under `key`, or nil when there is none (or it is not a `Value`).
    func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws -> Value?
    /// Removes the value under `key`, if any.
    func remove(_ key: Key) throws
    /// Removes every value.
    func removeAll() throws
    /// What the cache has counted since it was made.
    var statistics: CacheStatistics { get }
}

extension Caching {
    /// Stores an identifiable value under the key of its type and id.
    @inlinable
    public func set<Value: Identifiable & Codable & Sendable>(value: Value) throws
    where Value.ID: CustomStringConvertible {
        try set(value, for: Key(Value.self, id: value.id))
    }

    /// The value of type `Value` with identifier `id`, or nil on a miss.
    @inlinable
    public func get<Value: Identifiable & Codable & Sendable>(id: Value.ID) throws -> Value?
    where Value.ID: CustomStringConvertible {
        try get(Value.self, for: Key(Value.self, id: id))
    }
}
