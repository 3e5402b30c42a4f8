import FaultTestSupport
import Foundation
import Redis
import RedisTesting
import Storage
import TestSupport
import Testing

/// Entries another program writing the same cache could plant, with valid checksums: a character
/// whose modified date, or a copy whose stored-at time, is not a number, infinite or far outside
/// years -9999 to 9999; a record of 3-D Man under Spider-Man's key. Each runs the real program on
/// the disk cache and on a real redis-server: a counted miss, never a trap nor another's record.
@Suite(.onOwnThread) struct PlantedEntryTests {
    static let spiderMan = "1009610"
    static let threeDMan = "1011334"
    static let times: [Double] = [.nan, Double(bitPattern: 0xFFF8_DEAD_BEEF_0001), .infinity, -.infinity, 1e300, -1e300]
    /// A Marvel API server nothing answers at, so the provider is unavailable.
    static let providerDown = ["--provider", "marvel", "--base-url", "http://127.0.0.1:1/", "--timeout", "5"]
    static let keys = ["MARVEL_PUBLIC_KEY": "p", "MARVEL_PRIVATE_KEY": "q"]

    // MARK: The disk cache

    @Test(arguments: times)
    func aCharacterModifiedAtATimeThatIsNoTimeIsAMissOnDisk(_ seconds: Double) async throws {
        let disk = try DiskCacheFolder()
        defer { disk.directory.remove() }
        try await disk.run(["show", Self.threeDMan])
        try disk.plant(Self.threeDMan) { try $0.patchingDouble("modified", to: seconds) }

        let run = try await LimitedRun.run(["show", Self.threeDMan] + disk.options)
        Self.expectServedFromTheProvider(run, name: "3-D Man", cache: "disk")
    }

    @Test(arguments: times)
    func aCopyStoredAtATimeThatIsNoTimeIsAMissOnDiskWhenTheProviderIsDown(_ seconds: Double) async throws {
        let disk = try DiskCacheFolder()
        defer { disk.directory.remove() }
        try await disk.run(["show", Self.threeDMan])
        try disk.plant(Self.threeDMan) { try $0.patchingDouble("storedAt", to: seconds) }

        let run = try await LimitedRun.run(["show", Self.threeDMan] + disk.options + Self.providerDown, environment: Self.keys)
        Self.expectUnavailableWithoutACopy(run)
    }

    @Test func aRecordOfAnotherIdUnderAKeyIsAMissOnDisk() async throws {
        let disk = try DiskCacheFolder()
        defer { disk.directory.remove() }
        try await disk.run(["show", Self.spiderMan])
        try await disk.run(["show", Self.threeDMan])
        let foreign = try disk.record(of: Self.threeDMan)
        try disk.plant(Self.spiderMan) { own in
            var planted = foreign
            planted.key = own.key
            return planted
        }

        let run = try await LimitedRun.run(["show", Self.spiderMan] + disk.options)
        Self.expectServedFromTheProvider(run, name: "Spider-Man", cache: "disk")
        #expect(!run.stdout.contains("3-D Man"), "\(run.stdout)")
    }

    // MARK: Redis

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)), arguments: times)
    func aCharacterModifiedAtATimeThatIsNoTimeIsAMissOnRedis(_ seconds: Double) async throws {
        let redis = try RedisEntries()
        defer { redis.server.stop() }
        try await redis.run(["show", Self.threeDMan])
        try redis.plant(Self.threeDMan) { try $0.patchingDouble("modified", to: seconds) }

        let run = try await LimitedRun.run(["show", Self.threeDMan] + redis.options)
        Self.expectServedFromTheProvider(run, name: "3-D Man", cache: "redis")
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)), arguments: times)
    func aCopyStoredAtATimeThatIsNoTimeIsAMissOnRedisWhenTheProviderIsDown(_ seconds: Double) async throws {
        let redis = try RedisEntries()
        defer { redis.server.stop() }
        try await redis.run(["show", Self.threeDMan])
        try redis.plant(Self.threeDMan) { try $0.patchingDouble("storedAt", to: seconds) }

        let run = try await LimitedRun.run(["show", Self.threeDMan] + redis.options + Self.providerDown, environment: Self.keys)
        Self.expectUnavailableWithoutACopy(run)
    }

    @Test(.enabled(if: RedisServerProcess.isInstalled, Comment(rawValue: RedisServerProcess.installHint)))
    func aRecordOfAnotherIdUnderTheRedisPrefixIsAMiss() async throws {
        let redis = try RedisEntries()
        defer { redis.server.stop() }
        let data = try ScratchDirectory(prefix: "excelsior-planted")
        defer { data.remove() }
        try await redis.run(["show", Self.spiderMan])
        try await redis.run(["show", Self.threeDMan])
        let foreign = try redis.record(of: Self.threeDMan)
        try redis.plant(Self.spiderMan) { own in
            var planted = foreign
            planted.key = own.key
            return planted
        }

        let run = try await LimitedRun.run(["favorites", "add", Self.spiderMan, "--data-dir", data.url.path] + redis.options)
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.contains("Added Spider-Man (1009610)"), "\(run.stdout)")
        #expect(!run.stdout.contains("3-D Man"), "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    // MARK: What the program must do

    /// The planted entry was a miss: the answer came from the provider, with no warning and no trap.
    static func expectServedFromTheProvider(_ run: LimitedRun, name: String, cache: String) {
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.contains(name), "\(run.stdout)")
        #expect(run.stdout.contains("cache (\(cache)): hits 0, misses 1, stored 1; provider calls 1"), "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// The planted copy was a miss, so nothing stands in for the provider: exit 69 and one line.
    static func expectUnavailableWithoutACopy(_ run: LimitedRun) {
        #expect(run.status == 69, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("cached copy") && !run.stderr.contains("Fatal error"), "\(run.stderr)")
    }
}

/// A disk cache folder the program uses, and its entries as records.
private struct DiskCacheFolder {
    let directory: ScratchDirectory
    var options: [String] { ["--cache", "disk", "--cache-dir", directory.url.path] }

    init() throws {
        directory = try ScratchDirectory(prefix: "excelsior-planted")
    }

    func run(_ command: [String]) async throws {
        let run = try await LimitedRun.run(command + options)
        try #require(run.status == 0, "\(run.ending): \(run.stderr)")
    }

    /// The entry file of the character with `id`, and its record.
    func entry(of id: String) throws -> (url: URL, record: EntryRecord) {
        let folder = directory.url.appendingPathComponent("entries")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".cache") {
            let url = folder.appendingPathComponent(name)
            let record = try EntryRecord(decoding: Data(contentsOf: url))
            if record.key.hasSuffix("#" + id) { return (url, record) }
        }
        throw PlantingFailure(description: "no entry of \(id) in \(folder.path)")
    }

    func record(of id: String) throws -> EntryRecord {
        try entry(of: id).record
    }

    /// Replaces the entry of `id` with what `change` makes of it, checksum recomputed.
    func plant(_ id: String, _ change: (EntryRecord) throws -> EntryRecord) throws {
        let (url, record) = try entry(of: id)
        try change(record).encoded().write(to: url)
    }
}

/// A redis-server of the test's own, and the program's entries on it as records.
private struct RedisEntries {
    let server: RedisServerProcess
    let client: RedisClient
    var options: [String] { ["--cache", "redis", "--redis-url", server.url] }

    init() throws {
        server = try RedisServerProcess.start()
        client = RedisClient(configuration: server.configuration)
    }

    func run(_ command: [String]) async throws {
        let run = try await LimitedRun.run(command + options)
        try #require(run.status == 0, "\(run.ending): \(run.stderr)")
    }

    /// The Redis key of the character with `id`, and its record.
    func entry(of id: String) throws -> (key: [UInt8], record: EntryRecord) {
        var names: [[UInt8]] = []
        try client.scanAll(match: Array("excelsior:*".utf8)) { keys in names += keys }
        for name in names {
            guard let bytes = try client.get(name), let record = try? EntryRecord(decoding: Data(bytes)) else { continue }
            if record.key.hasSuffix("#" + id) { return (name, record) }
        }
        throw PlantingFailure(description: "no entry of \(id) among \(names.count) keys")
    }

    func record(of id: String) throws -> EntryRecord {
        try entry(of: id).record
    }

    /// Sets the Redis key of `id` to what `change` makes of its record, checksum recomputed.
    func plant(_ id: String, _ change: (EntryRecord) throws -> EntryRecord) throws {
        let (name, record) = try entry(of: id)
        try client.set(name, Array(try change(record).encoded()))
    }
}

private struct PlantingFailure: Error, CustomStringConvertible {
    let description: String
}

extension EntryRecord {
    /// The record with the Double of the payload's field `name` set to `value`: in the payload
    /// format, the key's length (8) and text, the Double's tag 0xA6, then its eight bytes.
    fileprivate func patchingDouble(_ name: String, to value: Double) throws -> EntryRecord {
        let marker = [UInt8(name.utf8.count)] + Array(name.utf8) + [0xA6]
        var bytes = [UInt8](payload)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else {
            throw PlantingFailure(description: "no Double named \(name) in the payload")
        }
        let offset = start + marker.count
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        var patched = self
        patched.payload = Data(bytes)
        return patched
    }
}
