import Foundation
import StorageTesting
import TestSupport
import Testing

@testable import Storage

@Suite struct DiskCacheTests {
    struct Hero: Codable, Sendable, Equatable {
        var name: String
        var power: Int
    }

    let directory = URL(fileURLWithPath: "/caches/excelsior")
    let clock = ManualClock()
    let fileSystem: InMemoryFileSystem

    init() {
        fileSystem = InMemoryFileSystem(now: clock.now)
    }

    func makeCache(byteLimit: Int? = nil, lowWaterMark: Int? = nil, timeToLive: TimeInterval? = nil) throws -> DiskCache {
        try DiskCache(
            directory: directory, fileSystem: fileSystem, byteLimit: byteLimit, lowWaterMark: lowWaterMark,
            timeToLive: timeToLive, now: clock.now)
    }

    func fileNames() throws -> [String] {
        try fileSystem.contents(of: directory).map(\.lastPathComponent).sorted()
    }

    // MARK: File names

    @Test func namesFilesByTheKeysStableHash() throws {
        let cache = try makeCache()
        #expect(cache.fileURL(for: Key("excelsior")).lastPathComponent == "b3f316c512e53eb1.cache")
        #expect(cache.fileURL(for: Key("excelsior")).deletingLastPathComponent().path == directory.path)
    }

    @Test func noKeyNamesAFileOutsideTheDirectory() throws {
        let cache = try makeCache()
        for (index, key) in CachingContract.awkwardKeys.enumerated() {
            try cache.set(index, for: key)
            #expect(cache.fileURL(for: key).deletingLastPathComponent().path == directory.path)
        }
        let names = try fileNames()
        #expect(names.count == CachingContract.awkwardKeys.count)
        #expect(names.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{16}\.cache/) != nil })
        #expect(try fileSystem.contents(of: directory.deletingLastPathComponent()).map(\.path) == [directory.path])
    }

    // MARK: Metadata

    @Test func entriesCarryTheirKeyTypeAndDates() throws {
        let cache = try makeCache(timeToLive: 60)
        let stored = clock.now()
        try cache.set(Hero(name: "Storm", power: 9), for: Key("storm"))
        clock.advance(by: 5)
        let entries = try cache.entries()
        #expect(entries.count == 1)
        #expect(entries.first?.key == "raw:storm")
        #expect(entries.first?.type == "StorageTests.DiskCacheTests.Hero")
        #expect(entries.first?.storedAt == stored)
        #expect(entries.first?.expiresAt == stored.addingTimeInterval(60))
        #expect(entries.first?.lastAccess == stored)
        #expect(entries.first?.bytes == (try fileSystem.attributes(of: cache.fileURL(for: Key("storm")))?.size))
    }

    @Test func aFileHoldingAnotherKeyIsAMissAndIsKept() throws {
        let cache = try makeCache()
        try cache.set("storm", for: Key("storm"))
        let impostor = cache.fileURL(for: Key("rogue"))
        try fileSystem.write(try #require(try fileSystem.read(cache.fileURL(for: Key("storm")))), to: impostor)
        #expect(try cache.get(String.self, for: Key("rogue")) == nil)
        #expect(try fileSystem.read(impostor) != nil)
        #expect(cache.statistics.corruptEntriesDropped == 0)
    }

    @Test func anEntryOfAnotherTypeIsAMissAndIsKept() throws {
        let cache = try makeCache()
        try cache.set("text", for: Key("k"))
        #expect(try cache.get(Int.self, for: Key("k")) == nil)
        #expect(try cache.get(String.self, for: Key("k")) == "text")
    }

    // MARK: Corruption

    static let damages: [String] = ["truncated", "flipped byte", "garbage", "empty", "trailing bytes", "undecodable payload"]

    @Test(arguments: damages)
    func aDamagedFileIsAMissIsRemovedAndIsCounted(_ damage: String) throws {
        let cache = try makeCache()
        let key = Key("storm")
        try cache.set(Hero(name: "Storm", power: 9), for: key)
        let url = cache.fileURL(for: key)
        var bytes = try #require(try fileSystem.read(url))
        switch damage {
        case "truncated": bytes = bytes.prefix(bytes.count - 3)
        case "flipped byte": bytes[bytes.count - 5] ^= 0x01
        case "garbage": bytes = Data("not a cache entry at all, just some text".utf8)
        case "empty": bytes = Data()
        case "trailing bytes": bytes.append(0)
        default:
            let record = EntryRecord(
                key: key.value, type: String(reflecting: Hero.self), storedAt: clock.now(), expiresAt: nil,
                payload: Data(#"{"name":"Storm"}"#.utf8))
            bytes = record.encoded()
        }
        try fileSystem.write(bytes, to: url)

        #expect(try cache.get(Hero.self, for: key) == nil)
        #expect(try fileSystem.read(url) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(cache.statistics.misses == 1)
    }

    // MARK: Expiry

    @Test func entriesExpireByAge() throws {
        let cache = try makeCache(timeToLive: 60)
        try cache.set("a", for: Key("a"))
        clock.advance(by: 30)
        #expect(try cache.get(String.self, for: Key("a")) == "a")
        clock.advance(by: 30)
        #expect(try cache.get(String.self, for: Key("a")) == nil)
        #expect(try fileNames() == [])
        #expect(cache.statistics == CacheStatistics(hits: 1, misses: 1, stores: 1, expirations: 1))
    }

    @Test func anEntrysOwnTimeToLiveOverridesTheCaches() throws {
        let cache = try makeCache(timeToLive: 60)
        try cache.set("short", for: Key("short"), timeToLive: 5)
        try cache.set("long", for: Key("long"), timeToLive: 600)
        clock.advance(by: 100)
        #expect(try cache.get(String.self, for: Key("short")) == nil)
        #expect(try cache.get(String.self, for: Key("long")) == "long")
    }

    @Test func removeExpiredDropsOnlyExpiredEntries() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"), timeToLive: 10)
        try cache.set("b", for: Key("b"), timeToLive: 100)
        try cache.set("c", for: Key("c"))
        clock.advance(by: 50)
        try cache.removeExpired()
        #expect(try cache.entries().map(\.key).sorted() == ["raw:b", "raw:c"])
        #expect(cache.statistics.expirations == 1)
    }

    // MARK: Byte limit

    @Test func listsCountAndTotalSize() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        try cache.set(String(repeating: "b", count: 100), for: Key("b"))
        let sizes = try fileSystem.contents(of: directory).map { try #require(try fileSystem.attributes(of: $0)).size }
        #expect(try cache.usage() == DiskCache.Usage(count: 2, bytes: sizes.reduce(0, +)))
    }

    @Test func aSweepKeepsTheMostRecentlyUsedEntriesWithinTheLowWaterMark() throws {
        let entrySize = try entrySize(of: "0")
        let cache = try makeCache(byteLimit: entrySize * 4, lowWaterMark: entrySize * 2)
        for index in 0..<4 {
            try cache.set("\(index)", for: Key("\(index)"))
            clock.advance(by: 1)
        }
        _ = try cache.get(String.self, for: Key("0"))
        clock.advance(by: 1)
        try cache.set("4", for: Key("4"))

        #expect(try (0..<5).map { try cache.get(String.self, for: Key("\($0)")) } == ["0", nil, nil, nil, "4"])
        #expect(cache.statistics.evictions == 3)
        #expect(try cache.usage() == DiskCache.Usage(count: 2, bytes: entrySize * 2))
    }

    @Test func aSweepCountsFilesOtherProcessesWrote() throws {
        let entrySize = try entrySize(of: "0")
        let cache = try makeCache(byteLimit: entrySize * 4, lowWaterMark: entrySize * 3)
        let otherProcess = try makeCache()
        for index in 0..<4 {
            try otherProcess.set("\(index)", for: Key("\(index)"))
            clock.advance(by: 1)
        }
        try cache.set("4", for: Key("4"))
        #expect(try cache.usage().count == 5, "within the rescan interval only its own writes count")

        clock.advance(by: DiskCache.rescanInterval)
        try cache.set("5", for: Key("5"))
        #expect(try cache.usage().count == 3)
        #expect(try (0..<6).map { try cache.get(String.self, for: Key("\($0)")) } == [nil, nil, nil, "3", "4", "5"])
    }

    @Test func removeAllLeavesForeignFilesAlone() throws {
        let cache = try makeCache()
        try cache.set("a", for: Key("a"))
        try cache.set("b", for: Key("b"))
        try fileSystem.write(Data([1]), to: directory.appendingPathComponent("notes.txt"))
        try cache.removeAll()
        #expect(try fileNames() == ["notes.txt"])
        #expect(try cache.usage() == DiskCache.Usage(count: 0, bytes: 0))
    }

    // MARK: Faults

    @Test func aDirectoryThatCannotBeCreatedFailsAtConstruction() throws {
        try fileSystem.createDirectory(directory.deletingLastPathComponent())
        try fileSystem.write(Data([1]), to: directory)
        #expect {
            try makeCache()
        } throws: { error in
            guard let error = error as? StorageError, case .cannotCreateDirectory(let path, _) = error else { return false }
            return path == directory.path
                && error.description.hasPrefix("cannot create the cache directory \(directory.path): ")
        }
    }

    @Test func aFailedWriteThrowsAClearErrorAndKeepsTheOldValue() throws {
        let cache = try makeCache()
        try cache.set("old", for: Key("k"))
        fileSystem.failWrites(with: StorageError.cannotWrite(path: "/caches/excelsior/x", reason: "No space left on device"))
        #expect(throws: StorageError.cannotWrite(path: "/caches/excelsior/x", reason: "No space left on device")) {
            try cache.set("new", for: Key("k"))
        }
        fileSystem.failWrites(with: InjectedFailure())
        #expect(throws: StorageError.cannotWrite(path: cache.fileURL(for: Key("k")).path, reason: "InjectedFailure()")) {
            try cache.set("new", for: Key("k"))
        }
        #expect(try cache.get(String.self, for: Key("k")) == "old")
        #expect(cache.statistics.stores == 1)
    }

    @Test func aFailedReadThrowsAndKeepsTheEntry() throws {
        let cache = try makeCache()
        try cache.set("old", for: Key("k"))
        fileSystem.failReads(with: InjectedFailure())
        #expect(throws: StorageError.self) { try cache.get(String.self, for: Key("k")) }
        fileSystem.failReads(with: nil)
        #expect(try cache.get(String.self, for: Key("k")) == "old")
    }

    @Test func valuesThatCannotBeEncodedThrow() throws {
        let cache = try makeCache()
        #expect(throws: StorageError.self) { try cache.set(Unencodable(), for: Key("nan")) }
        #expect(try fileNames() == [])
    }

    @Test func staleTemporaryFilesOfDeadWritersAreRemovedOnOpening() throws {
        let cache = try makeCache()
        try cache.set("old", for: Key("k"))
        let leftover = directory.appendingPathComponent(".\(cache.fileURL(for: Key("k")).lastPathComponent).dead.tmp")
        try fileSystem.write(Data("half a wri".utf8), to: leftover)
        #expect(try cache.get(String.self, for: Key("k")) == "old")

        clock.advance(by: DiskCache.staleTemporaryAge + 1)
        let reopened = try makeCache()
        #expect(try fileSystem.read(leftover) == nil)
        #expect(try reopened.get(String.self, for: Key("k")) == "old")
    }

    @Test func isReleasedWhenNoLongerUsed() throws {
        try withLeakTracking { leaks in
            let cache = try makeCache()
            leaks.trackForMemoryLeaks(cache)
            try cache.set("a", for: Key("a"))
        }
    }

    /// The size of the file holding `value` under a one-character raw key.
    private func entrySize(of value: String) throws -> Int {
        let probe = try DiskCache(directory: URL(fileURLWithPath: "/probe"), fileSystem: InMemoryFileSystem(), now: clock.now)
        try probe.set(value, for: Key("p"))
        return try probe.usage().bytes
    }
}

/// A value whose encoding always fails.
private struct Unencodable: Codable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "refused"))
    }
}
