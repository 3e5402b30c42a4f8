import Foundation
import Storage
import StorageTesting
import Synchronization

/// Storage cases from the Storage issue, each against its floor and, where one exists, a peer:
/// - `MemoryCache` (with a count limit, so its LRU bookkeeping runs) get (hit) and set on the same
///   100 000 keys in a shuffled order, against a `[Key: any Sendable]` behind a `Mutex` (floor:
///   the same type-erased work with no eviction policy), a typed `[Key: Hero]` (reference) and the
///   seed's NSCache wrapper (peer);
/// - inserting 20 000 entries with rising costs (NSCache's O(n) insertion).
///
/// The `DiskCache` cases are in `DiskCacheBenchmarks`.
enum StorageBenchmarks {
    static let goals = [
        Goal(
            "MemoryCache.get at least 4× faster than NSCache", subject: ("storage.mem.get", "MemoryCache.get (hit)"),
            baseline: ("storage.mem.get", "NSCache (seed wrapper)"), .fasterBy(4)),
        Goal(
            "MemoryCache.set at least 4× faster than NSCache", subject: ("storage.mem.set", "MemoryCache.set"),
            baseline: ("storage.mem.set", "NSCache (seed wrapper)"), .fasterBy(4)),
    ]

    static let keyCount = 100_000
    static let risingCostCount = 20_000

    static var all: [Benchmark] {
        memory
    }

    // MARK: Memory

    static var memory: [Benchmark] {
        let fixture = Lazy(MemoryFixture.init)
        return [
            Benchmark(group: "storage.mem.get", name: "[Key: any Sendable] behind a Mutex", role: .floor, operationsPerRound: keyCount) {
                count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let key = fixture.keys[fixture.order[index % keyCount]]
                    blackHole(fixture.erased.withLock { $0[key] } as? Hero)
                }
            },
            Benchmark(group: "storage.mem.get", name: "[Key: Hero] behind a Mutex", role: .reference, operationsPerRound: keyCount) {
                count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let key = fixture.keys[fixture.order[index % keyCount]]
                    blackHole(fixture.typed.withLock { $0[key] })
                }
            },
            Benchmark(group: "storage.mem.get", name: "MemoryCache.get (hit)", role: .subject, operationsPerRound: keyCount) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    blackHole(fixture.cache.get(Hero.self, for: fixture.keys[fixture.order[index % keyCount]]))
                }
            },
            Benchmark(group: "storage.mem.get", name: "NSCache (seed wrapper)", role: .peer, operationsPerRound: keyCount) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    blackHole(fixture.nsCache.get(fixture.keys[fixture.order[index % keyCount]]))
                }
            },
            Benchmark(group: "storage.mem.set", name: "[Key: any Sendable] behind a Mutex", role: .floor, operationsPerRound: keyCount) {
                count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let slot = fixture.order[index % keyCount]
                    fixture.erased.withLock { $0[fixture.keys[slot]] = fixture.heroes[slot] as any Sendable }
                }
            },
            Benchmark(group: "storage.mem.set", name: "[Key: Hero] behind a Mutex", role: .reference, operationsPerRound: keyCount) {
                count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let slot = fixture.order[index % keyCount]
                    fixture.typed.withLock { $0[fixture.keys[slot]] = fixture.heroes[slot] }
                }
            },
            Benchmark(group: "storage.mem.set", name: "MemoryCache.set", role: .subject, operationsPerRound: keyCount) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let slot = fixture.order[index % keyCount]
                    fixture.cache.set(fixture.heroes[slot], for: fixture.keys[slot])
                }
            },
            Benchmark(group: "storage.mem.set", name: "NSCache (seed wrapper)", role: .peer, operationsPerRound: keyCount) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    let slot = fixture.order[index % keyCount]
                    fixture.nsCache.set(fixture.heroes[slot], for: fixture.keys[slot], cost: 0)
                }
            },
            Benchmark(
                group: "storage.mem.rising", name: "[Key: any Sendable] behind a Mutex", role: .floor, operationsPerRound: risingCostCount
            ) { count in
                let fixture = try fixture.get()
                let dictionary = Mutex<[Key: any Sendable]>([:])
                for index in 0..<count {
                    dictionary.withLock { $0[fixture.keys[index]] = fixture.heroes[index] as any Sendable }
                }
            },
            Benchmark(
                group: "storage.mem.rising", name: "MemoryCache.set (rising costs)", role: .subject, operationsPerRound: risingCostCount
            ) { count in
                let fixture = try fixture.get()
                let cache = MemoryCache(totalCostLimit: .max)
                for index in 0..<count {
                    cache.set(fixture.heroes[index], for: fixture.keys[index], cost: index)
                }
            },
            Benchmark(group: "storage.mem.rising", name: "NSCache (rising costs)", role: .peer, operationsPerRound: risingCostCount) {
                count in
                let fixture = try fixture.get()
                let cache = NSCacheWrapper()
                for index in 0..<count {
                    cache.set(fixture.heroes[index], for: fixture.keys[index], cost: index)
                }
            },
        ]
    }

    /// 100 000 keys and values, their shuffled visiting order, and the three stores filled with them.
    final class MemoryFixture {
        let keys: [Key]
        let heroes: [Hero]
        let order: [Int]
        let erased = Mutex<[Key: any Sendable]>([:])
        let typed = Mutex<[Key: Hero]>([:])
        let cache = MemoryCache(countLimit: 1_000_000)
        let nsCache = NSCacheWrapper()

        init() {
            keys = (0..<keyCount).map { Key(Hero.self, id: $0) }
            heroes = (0..<keyCount).map { Hero(id: $0, name: "Hero \($0)") }
            var generator = SeededRandom(seed: 42)
            order = Array(0..<keyCount).shuffled(using: &generator)
            for (key, hero) in zip(keys, heroes) {
                erased.withLock { $0[key] = hero as any Sendable }
                typed.withLock { $0[key] = hero }
                cache.set(hero, for: key)
                nsCache.set(hero, for: key, cost: 0)
            }
        }
    }

    // MARK: Values

    struct Hero: Codable, Sendable, Identifiable {
        let id: Int
        let name: String
    }

    /// A value shaped like a Marvel character (about half a kilobyte of JSON).
    struct Profile: Codable, Sendable, Identifiable {
        let id: Int
        let name: String
        let description: String
        let thumbnail: String
        let comics: [String]
        let modified: Date

        static func sample(_ id: Int) -> Profile {
            Profile(
                id: id, name: "Character \(id)",
                description: String(repeating: "A hero of the benchmark, tireless and fair. ", count: 5),
                thumbnail: "https://i.annihil.us/u/prod/marvel/i/mg/\(id)/portrait_xlarge.jpg",
                comics: (0..<5).map { "Comic #\(id * 10 + $0)" },
                modified: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)))
        }
    }
}

/// The seed design's NSCache-backed store: keys wrapped in an `NSObject`, values boxed in a class.
final class NSCacheWrapper {
    private final class WrappedKey: NSObject {
        let key: Key
        init(_ key: Key) { self.key = key }
        override var hash: Int { key.hashValue }
        override func isEqual(_ object: Any?) -> Bool { (object as? WrappedKey)?.key == key }
    }

    private final class Box {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    private let cache = NSCache<WrappedKey, Box>()

    func set<Value>(_ value: Value, for key: Key, cost: Int) {
        cache.setObject(Box(value), forKey: WrappedKey(key), cost: cost)
    }

    func get(_ key: Key) -> StorageBenchmarks.Hero? {
        cache.object(forKey: WrappedKey(key))?.value as? StorageBenchmarks.Hero
    }
}

/// A value built on first use, so fixtures of cases a filter leaves out are never built.
final class Lazy<Value> {
    private let make: () throws -> Value
    private var made: Value?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func get() throws -> Value {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}

/// A fresh directory for this run's files, removed when the program exits.
func benchmarkDirectory() -> URL {
    URL(fileURLWithPath: benchmarkDirectoryPath)
}

let benchmarkDirectoryPath: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-benchmarks-\(getpid())").path
    atexit { try? FileManager.default.removeItem(atPath: benchmarkDirectoryPath) }
    return path
}()
