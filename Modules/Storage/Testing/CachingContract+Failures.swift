import Storage
import Testing

extension CachingContract {
    /// One rule about failures: they are delivered to the caller and change nothing.
    public enum FailureSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case failedGetDeliversTheError
        case failedGetHasNoSideEffects
        case failedGetKeepsTheEntry
        case failedSetDeliversTheError
        case failedSetKeepsTheOldValue
        case failedSetOnEmptyCacheStoresNothing
        case failedRemoveDeliversTheError
        case failedRemoveKeepsTheEntry
        case failedRemoveAllDeliversTheError
        case failedRemoveAllKeepsTheEntries

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// Switches that make the cache under test fail: each turns one kind of failure on (true)
    /// or off (false). Wire them to whatever your cache stands on: a file system, a database, a
    /// network double.
    public struct Faults: Sendable {
        /// Makes reads fail or succeed.
        public var failReads: @Sendable (Bool) -> Void
        /// Makes writes fail or succeed.
        public var failWrites: @Sendable (Bool) -> Void
        /// Makes removals fail or succeed.
        public var failRemovals: @Sendable (Bool) -> Void

        /// Faults from three switches.
        public init(
            failReads: @escaping @Sendable (Bool) -> Void,
            failWrites: @escaping @Sendable (Bool) -> Void,
            failRemovals: @escaping @Sendable (Bool) -> Void
        ) {
            self.failReads = failReads
            self.failWrites = failWrites
            self.failRemovals = failRemovals
        }

        /// Faults that make `fileSystem` throw `InjectedFailure` for reads, writes or removals.
        public static func injected(into fileSystem: InMemoryFileSystem) -> Faults {
            Faults(
                failReads: { fileSystem.failReads(with: $0 ? InjectedFailure() : nil) },
                failWrites: { fileSystem.failWrites(with: $0 ? InjectedFailure() : nil) },
                failRemovals: { fileSystem.failRemovals(with: $0 ? InjectedFailure() : nil) })
        }
    }

    /// Checks `spec` on a fresh cache from `makeCache`, which also returns the switches that make
    /// that cache fail. Every fault is off when the spec starts.
    public static func verify(
        _ spec: FailureSpec,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeCache: () throws -> (cache: any Caching, faults: Faults)
    ) async throws {
        let (cache, faults) = try makeCache()
        let key = Key("contract")
        let other = Key("other")
        let stored = Sample(id: 1, text: "stored")
        switch spec {
        case .failedGetDeliversTheError:
            faults.failReads(true)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.get(Sample.self, for: key) }
        case .failedGetHasNoSideEffects:
            faults.failReads(true)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.get(Sample.self, for: key) }
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.get(Sample.self, for: key) }
            faults.failReads(false)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .failedGetKeepsTheEntry:
            try cache.set(stored, for: key)
            faults.failReads(true)
            _ = try? cache.get(Sample.self, for: key)
            faults.failReads(false)
            #expect(try cache.get(Sample.self, for: key) == stored, sourceLocation: sourceLocation)
        case .failedSetDeliversTheError:
            faults.failWrites(true)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.set(stored, for: key) }
        case .failedSetKeepsTheOldValue:
            try cache.set(stored, for: key)
            faults.failWrites(true)
            _ = try? cache.set(Sample(id: 1, text: "new"), for: key)
            faults.failWrites(false)
            #expect(try cache.get(Sample.self, for: key) == stored, sourceLocation: sourceLocation)
        case .failedSetOnEmptyCacheStoresNothing:
            faults.failWrites(true)
            _ = try? cache.set(stored, for: key)
            faults.failWrites(false)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .failedRemoveDeliversTheError:
            try cache.set(stored, for: key)
            faults.failRemovals(true)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.remove(key) }
        case .failedRemoveKeepsTheEntry:
            try cache.set(stored, for: key)
            faults.failRemovals(true)
            _ = try? cache.remove(key)
            faults.failRemovals(false)
            #expect(try cache.get(Sample.self, for: key) == stored, sourceLocation: sourceLocation)
        case .failedRemoveAllDeliversTheError:
            try cache.set(stored, for: key)
            faults.failRemovals(true)
            #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try cache.removeAll() }
        case .failedRemoveAllKeepsTheEntries:
            try cache.set(stored, for: key)
            try cache.set(Sample(id: 2, text: "other"), for: other)
            faults.failRemovals(true)
            _ = try? cache.removeAll()
            faults.failRemovals(false)
            #expect(try cache.get(Sample.self, for: key) == stored, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: other)?.text == "other", sourceLocation: sourceLocation)
        }
    }
}
