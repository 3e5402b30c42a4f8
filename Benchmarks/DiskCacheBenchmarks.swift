import Dispatch
import Foundation
import PayloadCoding
import Storage
import StorageTesting
import Synchronization
import Testing  // CachingContract.verify's default source location is a Testing macro.

/// `DiskCache` cases, each against a floor that does the same work by hand with the same durability:
/// - a hit on a ~0.7 KB entry file (a profile in the cache's record), against reading the same
///   file through `LocalFileSystem.read(atPath:limit:)` (the cache's own bounded read: non-blocking,
///   `fstat`, a regular file of at most 8 MiB), checking and parsing the same record (`EntryRecord`,
///   checksum included) and decoding its payload with the cache's own `PayloadDecoder`;
/// - a write of the same value, against encoding it with `PayloadEncoder` into the same record by
///   hand and writing that through `LocalFileSystem.write` (a new temporary file renamed over the
///   target, with no `fsync`, as `DiskCache` writes). Both write to a memory-backed directory
///   (`/dev/shm`) where the system has one: on ext4, renaming over a file starts its writeback,
///   which costs both writers alike but swings 2× from one second to the next on a shared
///   machine; in memory the ratio shows what `DiskCache` adds, and it is a stricter test, since
///   the I/O it is compared with is cheaper;
/// - the `Caching` spec suite on `DiskCache` over `InMemoryFileSystem`, against the real disk.
enum DiskCacheBenchmarks {
    static let goals = [
        Goal(
            "DiskCache.get within 1.3× of read + decode by hand", subject: ("storage.disk.read", "DiskCache.get (hit)"),
            baseline: ("storage.disk.read", "bounded read + record + decode by hand"), .atMost(1.3)),
        Goal(
            "DiskCache.set within 1.5× of encode + atomic write by hand", subject: ("storage.disk.write", "DiskCache.set"),
            baseline: ("storage.disk.write", "encode + record + temp file + rename"), .atMost(1.5)),
        Goal(
            "the Caching spec suite at least 10× faster on the in-memory file system",
            subject: ("storage.contract", "spec suite, DiskCache on InMemoryFS"),
            baseline: ("storage.contract", "spec suite, DiskCache on the real disk"), .fasterBy(10)),
    ]

    static let keyCount = 100
    /// The cache's own bound on an entry, which the floor's read applies too.
    static let readLimit = DiskCache.defaultMaxEntryBytes
    /// The file system `DiskCache` uses by default: the floors read and write through it too, so
    /// both sides make the same system calls (no `fsync` on either).
    static let fileSystem = LocalFileSystem()

    /// A floor's file was not there.
    struct MissingEntry: Error {}

    static var all: [Benchmark] {
        disk + contract
    }

    // MARK: Disk

    static var disk: [Benchmark] {
        let fixture = Lazy { try Fixture(root: benchmarkDirectory().appendingPathComponent("disk")) }
        let writeFixture = Lazy { try Fixture(root: URL(fileURLWithPath: memoryBackedDirectoryPath).appendingPathComponent("disk")) }
        return [
            Benchmark(group: "storage.disk.read", name: "bounded read + record + decode by hand", role: .floor, operationsPerRound: 5_000) {
                count in
                let fixture = try fixture.get()
                let decoder = PayloadDecoder()
                for index in 0..<count {
                    guard let data = try fileSystem.read(atPath: fixture.cachePaths[index % keyCount], limit: readLimit) else {
                        throw MissingEntry()
                    }
                    let record = try EntryRecord(decoding: data)
                    blackHole(try decoder.decode(StorageBenchmarks.Profile.self, from: record.payload))
                }
            },
            Benchmark(group: "storage.disk.read", name: "DiskCache.get (hit)", role: .subject, operationsPerRound: 5_000) { count in
                let fixture = try fixture.get()
                for index in 0..<count {
                    blackHole(try fixture.cache.get(StorageBenchmarks.Profile.self, for: fixture.keys[index % keyCount]))
                }
            },
            Benchmark(group: "storage.disk.write", name: "encode + record + temp file + rename", role: .floor, operationsPerRound: 3_000) {
                count in
                let fixture = try writeFixture.get()
                let encoder = PayloadEncoder()
                for index in 0..<count {
                    let slot = index % keyCount
                    let record = EntryRecord(
                        key: fixture.keys[slot].value, type: fixture.typeName, storedAt: Date(), expiresAt: nil,
                        payload: try encoder.encode(fixture.profiles[slot]))
                    try fileSystem.write(record.encoded(), to: fixture.handURLs[slot])
                }
            },
            Benchmark(group: "storage.disk.write", name: "DiskCache.set", role: .subject, operationsPerRound: 3_000) { count in
                let fixture = try writeFixture.get()
                for index in 0..<count {
                    try fixture.cache.set(fixture.profiles[index % keyCount], for: fixture.keys[index % keyCount])
                }
            },
        ]
    }

    /// 100 profiles in a `DiskCache` under `root`, the paths of its files, and a directory for the
    /// hand-written ones.
    final class Fixture {
        let keys: [Key]
        let profiles: [StorageBenchmarks.Profile]
        let typeName = Key.typeName(of: StorageBenchmarks.Profile.self)
        let cache: DiskCache
        let cachePaths: [String]
        /// The hand-written files, named as the cache's files are, in a directory of their own.
        let handURLs: [URL]

        init(root: URL) throws {
            let handDirectory = root.appendingPathComponent("hand")
            try FileManager.default.createDirectory(at: handDirectory, withIntermediateDirectories: true)
            keys = (0..<keyCount).map { Key(StorageBenchmarks.Profile.self, id: $0) }
            profiles = (0..<keyCount).map(StorageBenchmarks.Profile.sample)
            cache = try DiskCache(directory: root.appendingPathComponent("cache"))
            for index in 0..<keyCount {
                try cache.set(profiles[index], for: keys[index])
            }
            let cache = cache
            cachePaths = keys.map { cache.fileURL(for: $0).path(percentEncoded: false) }
            handURLs = keys.map { handDirectory.appendingPathComponent(cache.fileURL(for: $0).lastPathComponent) }
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
}

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

/// A directory for this run's written files in memory (`/dev/shm`) where the system has one, else
/// under `benchmarkDirectory()`; removed when the program exits.
let memoryBackedDirectoryPath: String = {
    guard access("/dev/shm", W_OK) == 0 else { return benchmarkDirectoryPath + "/memory" }
    let path = "/dev/shm/excelsior-benchmarks-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: memoryBackedDirectoryPath) }
    return path
}()
