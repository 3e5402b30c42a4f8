import Dispatch
import Foundation
import Storage
import StorageTesting
import Synchronization
import Testing  // CachingContract.verify's default source location is a Testing macro.

/// `DiskCache` cases, each against a floor that does the same work by hand with the same durability:
/// - a hit on a ~0.7 KB entry file (a profile in the cache's record), against opening
///   the same file as `LocalFileSystem` does (non-blocking, `fstat`: a regular file of at most
///   8 MiB), reading it, checking and parsing the same record (`EntryRecord`, checksum included)
///   and decoding its payload with the cache's own `PayloadDecoder`;
/// - a write of the same value, against encoding the value with `PayloadEncoder` and the same record by hand and writing it to a new
///   temporary file, named as `DiskCache` names its own, renamed over the target, with no `fsync`
///   (neither does `DiskCache`). Both
///   write to a memory-backed directory (`/dev/shm`) where the system has one: on ext4, renaming
///   over a file starts its writeback, which costs both writers alike but swings 2× from one
///   second to the next on a shared machine; in memory the ratio shows what `DiskCache` adds, and
///   it is a stricter test, since the I/O it is compared with is cheaper;
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
                    let data = try readBounded(fixture.cachePaths[index % keyCount])
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
                    try writeAtomically(record.encoded(), to: fixture.handPaths[slot], through: fixture.temporaryPath(slot))
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
        let handPaths: [String]
        /// The hand-written files' directory and names (those of the cache's files), and a random
        /// part and a count for temporary names.
        let handDirectoryPath: String
        let handNames: [String]
        let process = String(UInt64.random(in: .min ... .max), radix: 16)
        var temporaries: UInt64 = 0

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
            let handDirectoryPath = handDirectory.path(percentEncoded: false)
            self.handDirectoryPath = handDirectoryPath
            handNames = keys.map { cache.fileURL(for: $0).lastPathComponent }
            handPaths = handNames.map { handDirectoryPath + "/" + $0 }
        }

        /// A fresh temporary name for a write of the hand-written file `slot`, made as `DiskCache`
        /// makes its own (`.<name>.<process>-<count>.tmp`): every write needs a new one, so that
        /// writers in several processes never share a temporary file, and the kernel's cost of a
        /// new name is part of the work.
        func temporaryPath(_ slot: Int) -> String {
            temporaries += 1
            return handDirectoryPath + "/." + handNames[slot] + "." + process + "-" + String(temporaries, radix: 16) + ".tmp"
        }
    }

    /// The file at `path` when it is a regular file of at most `readLimit` bytes: opened without
    /// blocking, checked with `fstat`, read into a buffer of its size.
    static func readBounded(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw POSIXFailure(call: "open", code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXFailure(call: "fstat", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_size <= readLimit else { throw POSIXFailure(call: "fstat", code: EINVAL) }
        var data = Data(count: Int(info.st_size))
        let filled = try data.withUnsafeMutableBytes { buffer in
            var filled = 0
            while filled < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count == 0 { break }
                guard count > 0 else {
                    if errno == EINTR { continue }
                    throw POSIXFailure(call: "read", code: errno)
                }
                filled += count
            }
            return filled
        }
        if filled < data.count { data.removeSubrange(filled...) }
        return data
    }

    /// Writes `data` to the new file `temporary` and renames it over `path`, without `fsync`.
    static func writeAtomically(_ data: Data, to path: String, through temporary: String) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXFailure(call: "open", code: errno) }
        try data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard count >= 0 else {
                    if errno == EINTR { continue }
                    close(descriptor)
                    throw POSIXFailure(call: "write", code: errno)
                }
                written += count
            }
        }
        guard close(descriptor) == 0 else { throw POSIXFailure(call: "close", code: errno) }
        guard rename(temporary, path) == 0 else { throw POSIXFailure(call: "rename", code: errno) }
    }

    /// A system call of a floor failed.
    struct POSIXFailure: Error {
        let call: String
        let code: Int32
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
