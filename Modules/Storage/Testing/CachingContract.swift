import Storage
import Testing

/// The behaviour every `Caching` must have, as one spec suite a test target runs against
/// its own implementation:
///
/// ```swift
/// @Test(arguments: CachingContract.Spec.allCases)
/// func myCacheMeetsTheContract(_ spec: CachingContract.Spec) async throws {
///     try await CachingContract.verify(spec) { MyCache() }
/// }
/// ```
public enum CachingContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case missesOnEmptyCache
        case missHasNoSideEffects
        case deliversWhatWasStored
        case secondSetOverridesFirst
        case removeEmptiesTheKey
        case removeOfMissingKeyIsHarmless
        case removeAllEmptiesEverything
        case identifiableValuesRoundTrip
        case typesWithSameIdDoNotCollide
        case rawAndTypedKeysDoNotCollide
        case concurrentOperationsAreSafe

        public var testDescription: String { rawValue }
    }

    /// Checks `spec` on a fresh cache from `makeCache`, recording failures as test issues.
    public static func verify(
        _ spec: Spec,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeCache: () throws -> any Caching
    ) async throws {
        let cache = try makeCache()
        let key = Key("contract")
        switch spec {
        case .missesOnEmptyCache:
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .missHasNoSideEffects:
            _ = try cache.get(Sample.self, for: key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .deliversWhatWasStored:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            #expect(try cache.get(Sample.self, for: key) == Sample(id: 1, text: "one"), sourceLocation: sourceLocation)
        case .secondSetOverridesFirst:
            try cache.set(Sample(id: 1, text: "first"), for: key)
            try cache.set(Sample(id: 1, text: "second"), for: key)
            #expect(try cache.get(Sample.self, for: key)?.text == "second", sourceLocation: sourceLocation)
        case .removeEmptiesTheKey:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            try cache.set(Sample(id: 2, text: "two"), for: Key("other"))
            try cache.remove(key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: Key("other"))?.text == "two", sourceLocation: sourceLocation)
        case .removeOfMissingKeyIsHarmless:
            try cache.remove(key)
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
        case .removeAllEmptiesEverything:
            try cache.set(Sample(id: 1, text: "one"), for: key)
            try cache.set(Sample(id: 2, text: "two"), for: Key("other"))
            try cache.removeAll()
            #expect(try cache.get(Sample.self, for: key) == nil, sourceLocation: sourceLocation)
            #expect(try cache.get(Sample.self, for: Key("other")) == nil, sourceLocation: sourceLocation)
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
        case .concurrentOperationsAreSafe:
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 0..<200 {
                    group.addTask {
                        try cache.set(Sample(id: id, text: "\(id)"), for: Key("k\(id % 50)"))
                        _ = try cache.get(Sample.self, for: Key("k\((id + 7) % 50)"))
                    }
                }
                try await group.waitForAll()
            }
            for id in 0..<50 {
                let stored = try cache.get(Sample.self, for: Key("k\(id)"))
                #expect(stored.map { $0.id % 50 } == id, sourceLocation: sourceLocation)
            }
        }
    }

    /// A small value the contract stores.
    public struct Sample: Identifiable, Codable, Sendable, Equatable {
        public let id: Int
        public let text: String
    }

    /// A second type with the same shape, to prove keys keep types apart.
    public struct OtherSample: Identifiable, Codable, Sendable, Equatable {
        public let id: Int
        public let text: String
    }
}
