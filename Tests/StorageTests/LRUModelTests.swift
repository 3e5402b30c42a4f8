import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// `MemoryCache` (its open-addressing `LRUTable`) held to `LRUReference`: seeded random sequences
/// of every operation, on small key spaces so that overwrites, type misses, expiries and
/// evictions are frequent, must give identical results after every step.
@Suite struct LRUModelTests {
    /// A value of one of three types; a profile is larger than an existential's inline buffer.
    enum Value: Equatable, CustomStringConvertible {
        case number(Int)
        case text(String)
        case profile(Profile)

        var description: String {
            switch self {
            case .number(let number): "\(number)"
            case .text(let text): "\"\(text)\""
            case .profile(let profile): "profile \(profile.id)"
            }
        }
    }

    struct Profile: Codable, Sendable, Equatable {
        let id: Int
        let name: String
        let comics: [String]
    }

    enum Kind: CaseIterable {
        case number, text, profile
    }

    enum Operation: CustomStringConvertible {
        /// `cost` nil: the plain `set(_:for:)`.
        case set(key: Int, value: Value, cost: Int?, timeToLive: TimeInterval?)
        case get(key: Int, kind: Kind)
        case remove(key: Int)
        case removeAll
        case removeExpired
        case advance(seconds: TimeInterval)

        /// Whether the operation reads or writes one key only (not the clock, nor every entry).
        var touchesOneKey: Bool {
            switch self {
            case .set, .get, .remove: true
            case .removeAll, .removeExpired, .advance: false
            }
        }

        var description: String {
            switch self {
            case .set(let key, let value, let cost, let timeToLive):
                "set \(value) for key \(key), cost \(cost.map(String.init) ?? "-"), time to live \(timeToLive.map { "\($0)" } ?? "-")"
            case .get(let key, let kind): "get \(kind) for key \(key)"
            case .remove(let key): "remove key \(key)"
            case .removeAll: "removeAll"
            case .removeExpired: "removeExpired"
            case .advance(let seconds): "advance the clock by \(seconds) s"
            }
        }
    }

    /// What a caller can see of a cache between operations.
    struct Observation: Equatable {
        let count: Int
        let totalCost: Int
        let statistics: CacheStatistics
    }

    /// One seed's cache: its limits, time to live and keys (raw and typed, half each).
    struct Setup {
        let countLimit: Int?
        let totalCostLimit: Int?
        let timeToLive: TimeInterval?
        let keys: [Key]

        init(using random: inout SeededRandom) {
            countLimit = Bool.random(using: &random) ? Int.random(in: 1...24, using: &random) : nil
            totalCostLimit = Bool.random(using: &random) ? Int.random(in: 5...80, using: &random) : nil
            timeToLive = Bool.random(using: &random) ? TimeInterval(Int.random(in: 1...60, using: &random)) : nil
            keys = (0..<Int.random(in: 2...40, using: &random)).map { $0.isMultiple(of: 2) ? Key("\($0)") : Key(Profile.self, id: $0) }
        }
    }

    static func randomOperation(keys: Int, using random: inout SeededRandom) -> Operation {
        let key = Int.random(in: 0..<keys, using: &random)
        // Each key mostly holds and is read as one type, so reads hit, and sometimes another.
        let kind = Int.random(in: 0..<10, using: &random) == 0 ? Kind.allCases.randomElement(using: &random)! : Kind.allCases[key % 3]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40:
            let value: Value =
                switch kind {
                case .number: .number(Int.random(in: .min ... .max, using: &random))
                case .text: .text(String(repeating: "t", count: Int.random(in: 0...20, using: &random)))
                case .profile: .profile(Profile(id: key, name: "hero \(key)", comics: ["#\(Int.random(in: 1...9, using: &random))"]))
                }
            let plain = Bool.random(using: &random)
            let cost = plain ? nil : Int.random(in: 0...12, using: &random)
            let timeToLive = plain || Bool.random(using: &random) ? nil : TimeInterval(Int.random(in: 0...30, using: &random))
            return .set(key: key, value: value, cost: cost, timeToLive: timeToLive)
        case 40..<85: return .get(key: key, kind: kind)
        case 85..<93: return .remove(key: key)
        case 93..<94: return .removeAll
        case 94..<96: return .removeExpired
        default: return .advance(seconds: TimeInterval(Int.random(in: 0...15, using: &random)))
        }
    }

    static func get(_ kind: Kind, for key: Key, from cache: MemoryCache) -> Value? {
        switch kind {
        case .number: cache.get(Int.self, for: key).map(Value.number)
        case .text: cache.get(String.self, for: key).map(Value.text)
        case .profile: cache.get(Profile.self, for: key).map(Value.profile)
        }
    }

    static func get(_ kind: Kind, for key: Key, from model: inout LRUReference) -> Value? {
        switch kind {
        case .number: model.get(Int.self, for: key).map(Value.number)
        case .text: model.get(String.self, for: key).map(Value.text)
        case .profile: model.get(Profile.self, for: key).map(Value.profile)
        }
    }

    /// Applies `operation` to both; what a read found in each.
    static func apply(
        _ operation: Operation, keys: [Key], clock: ManualClock, to cache: MemoryCache, and model: inout LRUReference
    ) -> (cache: Value?, model: Value?) {
        switch operation {
        case .set(let index, let value, let cost, let timeToLive):
            let key = keys[index]
            switch (value, cost) {
            case (.number(let number), nil): cache.set(number, for: key)
            case (.text(let text), nil): cache.set(text, for: key)
            case (.profile(let profile), nil): cache.set(profile, for: key)
            case (.number(let number), let cost?): cache.set(number, for: key, cost: cost, timeToLive: timeToLive)
            case (.text(let text), let cost?): cache.set(text, for: key, cost: cost, timeToLive: timeToLive)
            case (.profile(let profile), let cost?): cache.set(profile, for: key, cost: cost, timeToLive: timeToLive)
            }
            switch value {
            case .number(let number): model.set(number, for: key, cost: cost ?? 0, timeToLive: timeToLive)
            case .text(let text): model.set(text, for: key, cost: cost ?? 0, timeToLive: timeToLive)
            case .profile(let profile): model.set(profile, for: key, cost: cost ?? 0, timeToLive: timeToLive)
            }
        case .get(let index, let kind):
            return (get(kind, for: keys[index], from: cache), get(kind, for: keys[index], from: &model))
        case .remove(let index):
            cache.remove(keys[index])
            model.remove(keys[index])
        case .removeAll:
            cache.removeAll()
            model.removeAll()
        case .removeExpired:
            cache.removeExpired()
            model.removeExpired()
        case .advance(let seconds):
            clock.advance(by: seconds)
        }
        return (nil, nil)
    }

    @Test(arguments: ModelSeeds.first(40))
    func memoryCacheActsAsTheReferenceAfterEveryOperation(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let setup = Setup(using: &random)
        let clock = ManualClock()
        let cache = MemoryCache(
            countLimit: setup.countLimit, totalCostLimit: setup.totalCostLimit, timeToLive: setup.timeToLive, now: clock.now)
        var model = LRUReference(
            countLimit: setup.countLimit, totalCostLimit: setup.totalCostLimit, timeToLive: setup.timeToLive, now: clock.now)
        for step in 0..<3_000 {
            let operation = Self.randomOperation(keys: setup.keys.count, using: &random)
            let found = Self.apply(operation, keys: setup.keys, clock: clock, to: cache, and: &model)
            let observed = Observation(count: cache.count, totalCost: cache.totalCost, statistics: cache.statistics)
            let expected = Observation(count: model.count, totalCost: model.totalCost, statistics: model.statistics)
            guard found.cache == found.model, observed == expected else {
                Issue.record("seed \(seed), step \(step), \(operation): found \(found), observed \(observed), expected \(expected)")
                return
            }
        }
        for key in setup.keys {
            for kind in Kind.allCases {
                let cached = Self.get(kind, for: key, from: cache)
                let modelled = Self.get(kind, for: key, from: &model)
                #expect(cached == modelled, "seed \(seed): \(kind) under \(key) at the end")
            }
        }
        #expect(cache.statistics == model.statistics, "seed \(seed)")
    }

    /// Tasks each on a key range of their own, with operations on one key only, against one cache
    /// with limits it never reaches (so no task's eviction reaches another's keys) and a clock that
    /// stands still (so an entry expires only with a time to live of 0): every read agrees with the
    /// task's own model, and the cache ends as the union of the models.
    @Test(arguments: ModelSeeds.first(12))
    func concurrentTasksOnTheirOwnKeysActAsTheirReferences(seed: UInt64) async {
        let tasks = 4
        let keysPerTask = 24
        let keys = (0..<tasks * keysPerTask).map { $0.isMultiple(of: 2) ? Key("\($0)") : Key(Profile.self, id: $0) }
        let clock = ManualClock()
        let cache = MemoryCache(countLimit: keys.count, totalCostLimit: keys.count * 12, now: clock.now)
        let models = await withTaskGroup(of: (Int, LRUReference).self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var random = SeededRandom(seed: seed &* 1_000 &+ UInt64(task))
                    let own = Array(keys[task * keysPerTask..<(task + 1) * keysPerTask])
                    var model = LRUReference(countLimit: keys.count, totalCostLimit: keys.count * 12, now: clock.now)
                    for step in 0..<2_000 {
                        var operation = Self.randomOperation(keys: keysPerTask, using: &random)
                        while !operation.touchesOneKey { operation = Self.randomOperation(keys: keysPerTask, using: &random) }
                        let found = Self.apply(operation, keys: own, clock: clock, to: cache, and: &model)
                        guard found.cache == found.model else {
                            Issue.record("seed \(seed), task \(task), step \(step), \(operation): found \(found)")
                            break
                        }
                    }
                    return (task, model)
                }
            }
            return await group.reduce(into: [Int: LRUReference]()) { $0[$1.0] = $1.1 }
        }
        #expect(cache.count == models.values.reduce(0) { $0 + $1.count }, "seed \(seed)")
        #expect(cache.totalCost == models.values.reduce(0) { $0 + $1.totalCost }, "seed \(seed)")
        let statistics = models.values.map(\.statistics)
        #expect(cache.statistics.hits == statistics.reduce(0) { $0 + $1.hits }, "seed \(seed)")
        #expect(cache.statistics.misses == statistics.reduce(0) { $0 + $1.misses }, "seed \(seed)")
        #expect(cache.statistics.stores == statistics.reduce(0) { $0 + $1.stores }, "seed \(seed)")
        #expect(cache.statistics.expirations == statistics.reduce(0) { $0 + $1.expirations }, "seed \(seed)")
        #expect(cache.statistics.evictions == 0, "seed \(seed)")
        for (task, var model) in models {
            for key in keys[task * keysPerTask..<(task + 1) * keysPerTask] {
                for kind in Kind.allCases {
                    #expect(Self.get(kind, for: key, from: cache) == Self.get(kind, for: key, from: &model), "seed \(seed): \(key)")
                }
            }
        }
    }
}
