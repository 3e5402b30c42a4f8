import Dispatch
import Foundation
import Storage
import StorageTesting
import Synchronization
import Testing  // CachingContract.verify's default source location is a Testing macro.

/// Storage cases from the Storage issue, each against its floor and, where one exists, a peer:
/// - `MemoryCache` (with a count limit, so its LRU bookkeeping runs) get (hit) and set on the same
///   100 000 keys in a shuffled order, against a `[Key: any Sendable]` behind a `Mutex` (floor:
///   the same type-erased work with no eviction policy), a typed `[Key: Hero]` (reference) and the
///   seed's NSCache wrapper (peer);
/// - inserting 20 000 entries with rising costs (NSCache's O(n) insertion);
/// - `DiskCache` read and write of a ~0.5 KB value, against reading-and-decoding and
///   encoding-and-writing-atomically by hand;
/// - the `Caching` spec suite on `DiskCache` over `InMemoryFileSystem`, against the real disk.
enum StorageBenchmarks {
    static let goals = [
        Goal(
            "MemoryCache.get at least 4× faster than NSCache", subject: ("storage.mem.get", "MemoryCache.get (hit)"),
            baseline: ("storage.mem.get", "NSCache (seed wrapper)"), .fasterBy(4)),
        Goal(
            "MemoryCache.set at least 4× faster than NSCache", subject: ("storage.mem.set", "MemoryCache.set"),
            baseline: ("storage.mem.set", "NSCache (seed wrapper)"), .fasterBy(4)),
        Goal(
            "DiskCache.get within 1.3× of read + decode by hand", subject: ("storage.disk.read", "DiskCache.get (hit)"),
            baseline: ("storage.disk.read", "read file + JSONDecoder by hand"), .atMost(1.3)),
        Goal(
            "DiskCache.set within 1.5× of encode + atomic write by hand", subject: ("storage.disk.write", "DiskCache.set"),
            baseline: ("storage.disk.write", "JSONEncoder + atomic write by hand"), .atMost(1.5)),
        Goal(
            "the Caching spec suite at least 10× faster on the in-memory file system",
            subject: ("storage.contract", "spec suite, DiskCache on InMemoryFS"),
            baseline: ("storage.contract", "spec suite, DiskCache on the real disk"), .fasterBy(10)),
    ]

    static let keyCount = 100_000
    static let risingCostCount = 20_000
    static let diskKeyCount = 100

    static var all: [Benchmark] {
        memory + disk + contract
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

    // MARK: Disk

    static var disk: [Benchmark] {
        let fixture = Lazy(DiskFixture.init)
        return [
            Benchmark(group: "storage.disk.read", name: "read file + JSONDecoder by hand", role: .floor, operationsPerRound: 2_000) {
                count in
                let fixture = try fixture.get()
                let decoder = JSONDecoder()
                for index in 0..<count {
                    let data = try Data(contentsOf: fixture.handURLs[index % diskKeyCount])
                    blackHole(try decoder.decode(Profile.self, from: data))
                }
            },
            Benchmark(group: "storage.disk.read", name: "DiskCache.get (hit)", role: .subject, operationsPerRound: 2_000) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    blackHole(try fixture.cache.get(Profile.self, for: fixture.keys[index % diskKeyCount]))
                }
            },
            Benchmark(group: "storage.disk.write", name: "JSONEncoder + atomic write by hand", role: .floor, operationsPerRound: 1_000) {
                count in
                let fixture = try fixture.get()
                let encoder = JSONEncoder()
                for index in 0..<count {
                    try encoder.encode(fixture.profiles[index % diskKeyCount]).write(
                        to: fixture.handURLs[index % diskKeyCount], options: .atomic)
                }
            },
            Benchmark(group: "storage.disk.write", name: "DiskCache.set", role: .subject, operationsPerRound: 1_000) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    try fixture.cache.set(fixture.profiles[index % diskKeyCount], for: fixture.keys[index % diskKeyCount])
                }
            },
        ]
    }

    /// 100 profiles written by hand into one directory and through a `DiskCache` into another.
    final class DiskFixture {
        let keys: [Key]
        let profiles: [Profile]
        let handURLs: [URL]
        let cache: DiskCache

        init() throws {
            let root = benchmarkDirectory()
            let handDirectory = root.appendingPathComponent("hand")
            try FileManager.default.createDirectory(at: handDirectory, withIntermediateDirectories: true)
            keys = (0..<diskKeyCount).map { Key(Profile.self, id: $0) }
            profiles = (0..<diskKeyCount).map(Profile.sample)
            handURLs = (0..<diskKeyCount).map { handDirectory.appendingPathComponent("\($0).json") }
            cache = try DiskCache(directory: root.appendingPathComponent("cache"))
            let encoder = JSONEncoder()
            for index in 0..<diskKeyCount {
                try encoder.encode(profiles[index]).write(to: handURLs[index], options: .atomic)
                try cache.set(profiles[index], for: keys[index])
            }
        }
    }

    // MARK: Contract suite

    static var contract: [Benchmark] {
        [
            Benchmark(group: "storage.contract", name: "spec suite, DiskCache on InMemoryFS", role: .subject, operationsPerRound: 10) {
                count in
                for _ in 0..<count {
                    try runSuite {
                        try DiskCache(directory: URL(fileURLWithPath: "/cache"), fileSystem: InMemoryFileSystem())
                    } cleanUp: {
                    }
                }
            },
            Benchmark(group: "storage.contract", name: "spec suite, DiskCache on the real disk", role: .peer, operationsPerRound: 10) {
                count in
                for _ in 0..<count {
                    let directory = benchmarkDirectory().appendingPathComponent("contract-\(UUID().uuidString)")
                    try runSuite {
                        try DiskCache(directory: directory)
                    } cleanUp: {
                        try? FileManager.default.removeItem(at: directory)
                    }
                }
            },
        ]
    }

    /// Runs every `CachingContract.Spec`, each on a fresh cache from `makeCache`, cleaning up after each.
    static func runSuite(
        makeCache: @escaping @Sendable () throws -> any Caching,
        cleanUp: @escaping @Sendable () -> Void
    ) throws {
        try runBlocking {
            for spec in CachingContract.Spec.allCases {
                try await CachingContract.verify(spec, makeCache: makeCache)
                cleanUp()
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

/// Runs `operation` on the concurrency pool and blocks this (main) thread until it finishes.
func runBlocking(_ operation: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: Sendable {
        let error = Mutex<(any Error)?>(nil)
    }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            try await operation()
        } catch {
            outcome.error.withLock { $0 = error }
        }
        done.signal()
    }
    done.wait()
    if let error = outcome.error.withLock({ $0 }) { throw error }
}
