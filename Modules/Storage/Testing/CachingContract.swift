import Storage
import Testing

/// The behaviour every `Caching` must have, as one spec suite a test target runs against its own
/// implementation, each spec on a fresh, empty cache:
///
/// ```swift
/// @Test(arguments: CachingContract.Spec.allCases)
/// func myCacheMeetsTheContract(_ spec: CachingContract.Spec) async throws {
///     try await CachingContract.verify(spec) { MyCache() }
/// }
/// ```
///
/// Caches that can fail also run `CachingContract.FailureSpec` (see `verify(_:makeCache:)` there).
public enum CachingContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case missesOnEmptyCache
        case missHasNoSideEffects
        case deliversWhatWasStored
        case hitHasNoSideEffects
        case secondSetOverridesFirst
        case removeEmptiesTheKey
        case removeOfMissingKeyIsHarmless
        case removeAllEmptiesEverything
        case removeAllOnEmptyCacheIsHarmless
        case identifiableValuesRoundTrip
        case typesWithSameIdDoNotCollide
        case rawAndTypedKeysDoNotCollide
        case otherTypeUnderTheSameKeyIsAMiss
        case anotherIdsValueUnderATypedKeyIsAMiss
        case awkwardKeysRoundTrip
        case countsHitsMissesAndStores
        case concurrentOperationsAreSafe

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// Keys that must work like any other: path tricks, separators, NUL, the empty string, a very
    /// long key and emoji.
    public static let awkwardKeys: [Key] = [
        Key("../../etc/passwd"), Key("/"), Key("\0"), Key(""), Key("a/b\\c:d*?\"<>|"),
        Key(String(repeating: "k", count: 10_000)), Key("🦸‍♀️🚀 Ünïcödé"),
    ]

    /// Checks `spec` on a fresh cache from `makeCache`, recording failures as test issues.
    public static func verify(
        _ spec: Spec,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeCache: () throws -> any Caching
    ) async throws {
        let cache = try makeCache()
        let key = Key("contract")
        let other = Key("other")
        switch spec {
        case .missesOnEmptyCache:
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .missHasNoSideEffects:
            _ = try cache.get(Sample.self, for: key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .deliversWhatWasStored:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            #expect(try cache.get(Sample.self, for: key) == Sample(id: 1, text: "one"), sourceLocation: sourceLocation)
        case .hitHasNoSideEffects:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            _ = try cache.get(Sample.self, for: key)
            #expect(try cache.get(Sample.self, for: key) == Sample(id: 1, text: "one"), sourceLocation: sourceLocation)
        case .secondSetOverridesFirst:
            try cache.set(Sample(id: 1, text: "first"), for: key)
            try cache.set(Sample(id: 1, text: "second"), for: key)
            #expect(try cache.get(Sample.self, for: key)?.text == "second", sourceLocation: sourceLocation)
        case .removeEmptiesTheKey:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            try cache.set(Sample(id: 2, text: "two"), for: other)
            try cache.remove(key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: other)?.text == "two", sourceLocation: sourceLocation)
        case .removeOfMissingKeyIsHarmless:
            try cache.set(Sample(id: 2, text: "two"), for: other)
            try cache.remove(key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: other)?.text == "two", sourceLocation: sourceLocation)
        case .removeAllEmptiesEverything:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            try cache.set(Sample(id: 2, text: "two"), for: other)
            try cache.removeAll()
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: other) == nil, sourceLocation: sourceLocation)
        case .removeAllOnEmptyCacheIsHarmless:
            try cache.removeAll()
            try cache.set(Sample(id: 1, text: "one"), for: key)
            #expect(try cache.get(Sample.self, for: key)?.text == "one", sourceLocation: sourceLocation)
        case .identifiableValuesRoundTrip:
            try cache.set(value: Sample(id: 7, text: "seven"))
            #expect(try cache.get(id: 7) == Sample(id: 7, text: "seven"), sourceLocation: sourceLocation)
        case .typesWithSameIdDoNotCollide:
            try cache.set(value: Sample(id: 1, text: "sample"))
            try cache.set(value: OtherSample(id: 1, text: "other"))
            #expect(try cache.get(id: 1) == Sample(id: 1, text: "sample"), sourceLocation: sourceLocation)
            #expect(try cache.get(id: 1) == OtherSample(id: 1, text: "other"), sourceLocation: sourceLocation)
        case .rawAndTypedKeysDoNotCollide:
            try cache.set(Sample(id: 1, text: "raw"), for: Key(Key(Sample.self, id: 1).value))
            #expect(try cache.get(Sample.self, for: Key(Sample.self, id: 1)) == nil, sourceLocation: sourceLocation)
        case .otherTypeUnderTheSameKeyIsAMiss:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            #expect(try cache.get(OtherSample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: key)?.text == "one", sourceLocation: sourceLocation)
        case .anotherIdsValueUnderATypedKeyIsAMiss:
            let one = Key(Sample.self, id: 1)
            let before = cache.statistics
            try cache.set(Sample(id: 2, text: "two"), for: one)
            #expect(try cache.get(Sample.self, for: one) == nil, sourceLocation: sourceLocation)
            #expect(cache.statistics.misses - before.misses == 1, sourceLocation: sourceLocation)
            #expect(cache.statistics.hits == before.hits, sourceLocation: sourceLocation)
            try cache.set(Sample(id: 1, text: "one"), for: one)
            #expect(try cache.get(Sample.self, for: one) == Sample(id: 1, text: "one"), sourceLocation: sourceLocation)
            let named = Key(NamedSample.self, id: "storm")
            try cache.set(NamedSample(id: "rogue"), for: named)
            #expect(try cache.get(NamedSample.self, for: named) == nil, sourceLocation: sourceLocation)
            try cache.set(value: NamedSample(id: "storm"))
            #expect(try cache.get(NamedSample.self, for: named) == NamedSample(id: "storm"), sourceLocation: sourceLocation)
        case .awkwardKeysRoundTrip:
            for (index, awkward) in awkwardKeys.enumerated() {
                try cache.set(Sample(id: index, text: awkward.value), for: awkward)
            }
            for (index, awkward) in awkwardKeys.enumerated() {
                #expect(try cache.get(Sample.self, for: awkward) == Sample(id: index, text: awkward.value), sourceLocation: sourceLocation)
            }
        case .countsHitsMissesAndStores:
            let before = cache.statistics
            try cache.set(Sample(id: 1, text: "one"), for: key)
            _ = try cache.get(Sample.self, for: key)
            _ = try cache.get(Sample.self, for: other)
            let after = cache.statistics
            #expect(after.stores - before.stores == 1, sourceLocation: sourceLocation)
            #expect(after.hits - before.hits == 1, sourceLocation: sourceLocation)
            #expect(after.misses - before.misses == 1, sourceLocation: sourceLocation)
        case .concurrentOperationsAreSafe:
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 0..<200 {
                    group.addTask {
                        try cache.set(Sample(id: id, text: "\(id)"), for: Key("k\(id % 50)"))
                        _ = try cache.get(Sample.self, for: Key("k\((id + 7) % 50)"))
                        if id.isMultiple(of: 4) {
                            try cache.set(Sample(id: id, text: "gone"), for: Key("r\(id)"))
                            try cache.remove(Key("r\(id)"))
                        }
                    }
                }
                try await group.waitForAll()
            }
            for id in 0..<50 {
                let stored = try cache.get(Sample.self, for: Key("k\(id)"))
                #expect(stored.map { $0.id % 50 } == id, sourceLocation: sourceLocation)
                #expect(stored.map { $0.text == "\($0.id)" } == true, sourceLocation: sourceLocation)
            }
            for id in stride(from: 0, to: 200, by: 4) {
                #expect(try cache.get(Sample.self, for: Key("r\(id)")) == nil, sourceLocation: sourceLocation)
            }
        }
    }

    /// A small value the contract stores.
    public struct Sample: Identifiable, Codable, Sendable, Equatable {
        /// The sample's identity.
        public let id: Int
        /// Its payload.
        public let text: String

        /// A sample with the given fields.
        public init(id: Int, text: String) {
            self.id = id
            self.text = text
        }
    }

    /// A value identified by text, to prove a typed key with a text id keeps other ids out.
    public struct NamedSample: Identifiable, Codable, Sendable, Equatable {
        /// The sample's identity.
        public let id: String

        /// A sample with the given id.
        public init(id: String) {
            self.id = id
        }
    }

    /// A second type with the same shape, to prove keys keep types apart.
    public struct OtherSample: Identifiable, Codable, Sendable, Equatable {
        /// The sample's identity.
        public let id: Int
        /// Its payload.
        public let text: String

        /// A sample with the given fields.
        public init(id: Int, text: String) {
            self.id = id
            self.text = text
        }
    }
}
