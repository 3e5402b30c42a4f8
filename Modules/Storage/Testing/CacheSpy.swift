import Storage
import Synchronization

/// A `Caching` double that records every call and can fail reads or writes on demand;
/// when not failing it stores values in a `MemoryCache`.
public final class CacheSpy: Caching {
    /// One call the spy received.
    public enum Call: Equatable, Sendable {
        case set(Key)
        case get(Key)
        case remove(Key)
        case removeAll
    }

    /// The error a failing spy throws.
    public typealias InjectedFailure = StorageTesting.InjectedFailure

    private struct State {
        var calls: [Call] = []
        var failsReads = false
        var failsWrites = false
    }

    private let backing = MemoryCache()
    private let state = Mutex(State())

    /// A spy over an empty cache, failing reads and/or writes (set, remove, removeAll) as asked.
    public init(failsReads: Bool = false, failsWrites: Bool = false) {
        state.withLock {
            $0.failsReads = failsReads
            $0.failsWrites = failsWrites
        }
    }

    /// Every call so far, in order.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// Makes later reads fail (true) or succeed (false).
    public func failReads(_ fails: Bool) {
        state.withLock { $0.failsReads = fails }
    }

    /// Makes later writes (set, remove, removeAll) fail (true) or succeed (false).
    public func failWrites(_ fails: Bool) {
        state.withLock { $0.failsWrites = fails }
    }

    /// Switches for `CachingContract`'s failure specs; removals fail with writes.
    public var faults: CachingContract.Faults {
        CachingContract.Faults(failReads: failReads, failWrites: failWrites, failRemovals: failWrites)
    }

    /// Records the call, then fails or stores.
    public func set<Value: Codable & Sendable>(_ value: Value, for key: Key) throws {
        if record(.set(key), failing: \.failsWrites) { throw InjectedFailure() }
        backing.set(value, for: key)
    }

    /// Records the call, then fails or reads.
    public func get<Value: Codable & Sendable>(_ type: Value.Type, for key: Key) throws -> Value? {
        if record(.get(key), failing: \.failsReads) { throw InjectedFailure() }
        return backing.get(type, for: key)
    }

    /// Records the call, then fails or removes.
    public func remove(_ key: Key) throws {
        if record(.remove(key), failing: \.failsWrites) { throw InjectedFailure() }
        backing.remove(key)
    }

    /// Records the call, then fails or empties the cache.
    public func removeAll() throws {
        if record(.removeAll, failing: \.failsWrites) { throw InjectedFailure() }
        backing.removeAll()
    }

    /// The backing cache's statistics.
    public var statistics: CacheStatistics {
        backing.statistics
    }

    /// Records `call` and says whether it must fail.
    private func record(_ call: Call, failing flag: KeyPath<State, Bool> & Sendable) -> Bool {
        state.withLock { state in
            state.calls.append(call)
            return state[keyPath: flag]
        }
    }
}
