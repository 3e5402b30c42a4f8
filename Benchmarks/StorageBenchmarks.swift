import Dispatch
import Foundation
import Storage
import StorageTesting
import Synchronization
import Testing  // CachingContract.verify's default source location is a Testing macro.

/// Storage cases from the Storage issue, each against its floor and, where one exists, a peer
/// (the memory cache's are in `MemoryCacheBenchmarks`):
/// - `DiskCache` read and write of a ~0.5 KB value, against reading-and-decoding and
///   encoding-and-writing-atomically by hand;
/// - the `Caching` spec suite on `DiskCache` over `InMemoryFileSystem`, against the real disk.
enum StorageBenchmarks {
    static let goals = [
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

    static let diskKeyCount = 100

    static var all: [Benchmark] {
        disk + contract
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
