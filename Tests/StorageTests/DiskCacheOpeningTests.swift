import Foundation
import Storage
import StorageTesting
import Synchronization
import Testing

/// What opening a `DiskCache` costs: without a byte limit it examines only temporary files, so
/// a read from a large cache does not first stat every entry; with one it counts every size.
@Suite struct DiskCacheOpeningTests {
    /// A file system that counts `attributes` calls and passes everything to memory.
    final class CountingFileSystem: FileSystem {
        let base = InMemoryFileSystem()
        private let count = Mutex(0)
        var attributeCalls: Int { count.withLock { $0 } }

        func read(_ url: URL, limit: Int) throws -> Data? { try base.read(url, limit: limit) }
        func write(_ data: Data, to url: URL) throws { try base.write(data, to: url) }
        func remove(_ url: URL) throws { try base.remove(url) }
        func contents(of directory: URL) throws -> [URL] { try base.contents(of: directory) }
        func setModificationDate(_ date: Date, of url: URL) throws { try base.setModificationDate(date, of: url) }
        func createDirectory(_ directory: URL) throws { try base.createDirectory(directory) }
        func attributes(of url: URL) throws -> FileAttributes? {
            count.withLock { $0 += 1 }
            return try base.attributes(of: url)
        }
    }

    private let directory = URL(fileURLWithPath: "/cache")

    private func filled(_ fileSystem: CountingFileSystem) throws {
        let cache = try DiskCache(directory: directory, fileSystem: fileSystem)
        for index in 0..<50 { try cache.set(index, for: Key("k\(index)")) }
        try fileSystem.write(Data("half".utf8), to: directory.appendingPathComponent(".0000000000000001.cache.dead.tmp"))
    }

    @Test func withoutAByteLimitOpeningExaminesOnlyTemporaryFiles() throws {
        let fileSystem = CountingFileSystem()
        try filled(fileSystem)
        let before = fileSystem.attributeCalls
        let reopened = try DiskCache(directory: directory, fileSystem: fileSystem)
        #expect(fileSystem.attributeCalls - before == 1)
        #expect(try reopened.get(Int.self, for: Key("k7")) == 7)
        #expect(try reopened.usage().count == 50)
    }

    @Test func withAByteLimitOpeningCountsEveryEntry() throws {
        let fileSystem = CountingFileSystem()
        try filled(fileSystem)
        let before = fileSystem.attributeCalls
        _ = try DiskCache(directory: directory, fileSystem: fileSystem, byteLimit: 1 << 20)
        #expect(fileSystem.attributeCalls - before == 51)
    }
}
