import Foundation
import Storage
import StorageTesting
import Synchronization
import TestSupport
import Testing

/// How `DiskCache` keeps recency without writing on a hit: hits are kept in memory and reach the
/// files' modification dates only when the cache sweeps, persists them or is released.
@Suite struct DiskCacheRecencyTests {
    /// A file system in memory that logs every call that changes something.
    final class ChangeLog: FileSystem {
        let base: InMemoryFileSystem
        private let log = Mutex<[String]>([])
        var changes: [String] { log.withLock { $0 } }

        init(now: @escaping @Sendable () -> Date) {
            base = InMemoryFileSystem(now: now)
        }

        func read(_ url: URL, limit: Int) throws -> Data? { try base.read(url, limit: limit) }
        func contents(of directory: URL) throws -> [URL] { try base.contents(of: directory) }
        func attributes(of url: URL) throws -> FileAttributes? { try base.attributes(of: url) }
        func write(_ data: Data, to url: URL) throws {
            note("write \(url.lastPathComponent)")
            try base.write(data, to: url)
        }
        func remove(_ url: URL) throws {
            note("remove \(url.lastPathComponent)")
            try base.remove(url)
        }
        func setModificationDate(_ date: Date, of url: URL) throws {
            note("date \(url.lastPathComponent)")
            try base.setModificationDate(date, of: url)
        }
        func createDirectory(_ directory: URL) throws {
            note("mkdir \(directory.lastPathComponent)")
            try base.createDirectory(directory)
        }

        private func note(_ change: String) {
            log.withLock { $0.append(change) }
        }
    }

    let directory = URL(fileURLWithPath: "/cache")
    let clock = ManualClock()

    @Test func aHitChangesNothingOnTheFileSystem() throws {
        let fileSystem = ChangeLog(now: clock.now)
        let cache = try DiskCache(directory: directory, fileSystem: fileSystem, byteLimit: 1 << 20, now: clock.now)
        try cache.set("storm", for: Key("storm"))
        let url = cache.fileURL(for: Key("storm"))
        let before = try fileSystem.attributes(of: url)
        let changes = fileSystem.changes
        clock.advance(by: 60)

        for _ in 0..<3 { #expect(try cache.get(String.self, for: Key("storm")) == "storm") }
        #expect(fileSystem.changes == changes)
        #expect(try fileSystem.attributes(of: url) == before)
        #expect(cache.statistics.hits == 3)
    }

    @Test func aHitOnTheRealDiskLeavesTheFilesModificationDateAlone() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let fileSystem = LocalFileSystem()
        let cache = try DiskCache(directory: directory.url, byteLimit: 1 << 20)
        try cache.set("storm", for: Key("storm"))
        let url = cache.fileURL(for: Key("storm"))
        let longAgo = Date(timeIntervalSince1970: 1_600_000_000)
        try fileSystem.setModificationDate(longAgo, of: url)

        #expect(try cache.get(String.self, for: Key("storm")) == "storm")
        #expect(try fileSystem.attributes(of: url)?.modificationDate == longAgo)
    }

    @Test func entriesListHitsThisInstanceSawAsTheLastAccess() throws {
        let cache = try DiskCache(directory: directory, fileSystem: InMemoryFileSystem(now: clock.now), now: clock.now)
        try cache.set("a", for: Key("a"))
        clock.advance(by: 1)
        try cache.set("b", for: Key("b"))
        clock.advance(by: 1)
        _ = try cache.get(String.self, for: Key("a"))
        #expect(try cache.entries().map(\.key) == ["raw:a", "raw:b"])
        #expect(try cache.entries().first?.lastAccess == clock.now())
    }

    @Test func persistedHitsGuideAnotherInstancesSweep() throws {
        let fileSystem = InMemoryFileSystem(now: clock.now)
        let entrySize = try entrySize()
        let reader = try DiskCache(directory: directory, fileSystem: fileSystem, now: clock.now)
        for index in 0..<3 {
            try reader.set("\(index)", for: Key("\(index)"))
            clock.advance(by: 1)
        }
        _ = try reader.get(String.self, for: Key("0"))
        clock.advance(by: 1)
        reader.persistAccessDates()
        #expect(try fileSystem.attributes(of: reader.fileURL(for: Key("0")))?.modificationDate == clock.now().addingTimeInterval(-1))

        let writer = try DiskCache(
            directory: directory, fileSystem: fileSystem, byteLimit: entrySize * 3, lowWaterMark: entrySize * 2, now: clock.now)
        try writer.set("3", for: Key("3"))
        #expect(try (0..<4).map { try writer.get(String.self, for: Key("\($0)")) } == ["0", nil, nil, "3"])
    }

    @Test func releasingTheCachePersistsItsHits() throws {
        let fileSystem = InMemoryFileSystem(now: clock.now)
        var reader: DiskCache? = try DiskCache(directory: directory, fileSystem: fileSystem, now: clock.now)
        try reader?.set("a", for: Key("a"))
        let url = try #require(reader?.fileURL(for: Key("a")))
        clock.advance(by: 10)
        _ = try reader?.get(String.self, for: Key("a"))
        #expect(try fileSystem.attributes(of: url)?.modificationDate == clock.now().addingTimeInterval(-10))
        reader = nil
        #expect(try fileSystem.attributes(of: url)?.modificationDate == clock.now())
    }

    @Test func aSweepPersistsTheHitsOnTheEntriesItKeeps() throws {
        let fileSystem = InMemoryFileSystem(now: clock.now)
        let entrySize = try entrySize()
        let cache = try DiskCache(
            directory: directory, fileSystem: fileSystem, byteLimit: entrySize * 3, lowWaterMark: entrySize * 2, now: clock.now)
        for index in 0..<3 {
            try cache.set("\(index)", for: Key("\(index)"))
            clock.advance(by: 1)
        }
        _ = try cache.get(String.self, for: Key("0"))
        let hit = clock.now()
        clock.advance(by: 1)
        try cache.set("3", for: Key("3"))
        #expect(try fileSystem.attributes(of: cache.fileURL(for: Key("0")))?.modificationDate == hit)
        #expect(try fileSystem.read(cache.fileURL(for: Key("1"))) == nil)
    }

    @Test func aPersistedHitNeverMakesANewerFileLookOlder() throws {
        let fileSystem = InMemoryFileSystem(now: clock.now)
        let reader = try DiskCache(directory: directory, fileSystem: fileSystem, now: clock.now)
        let writer = try DiskCache(directory: directory, fileSystem: fileSystem, now: clock.now)
        try writer.set("old", for: Key("a"))
        _ = try reader.get(String.self, for: Key("a"))
        clock.advance(by: 5)
        try writer.set("new", for: Key("a"))
        reader.persistAccessDates()
        #expect(try fileSystem.attributes(of: writer.fileURL(for: Key("a")))?.modificationDate == clock.now())
    }

    /// The size of the file holding a one-character value under a one-character raw key.
    private func entrySize() throws -> Int {
        let probe = try DiskCache(directory: URL(fileURLWithPath: "/probe"), fileSystem: InMemoryFileSystem(), now: clock.now)
        try probe.set("0", for: Key("p"))
        return try probe.usage().bytes
    }
}
