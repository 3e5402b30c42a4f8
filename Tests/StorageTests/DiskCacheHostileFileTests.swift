import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// `DiskCache` on the real file system when something other than its own entry sits under an
/// entry's name: a FIFO, a directory, a huge sparse file. Each is a counted miss, read without
/// blocking and without allocating its size.
@Suite struct DiskCacheHostileFileTests {
    @Test func aFIFOInPlaceOfAnEntryIsAMissNotAHang() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        let path = cache.fileURL(for: Key("planted")).path
        #expect(mkfifo(path, 0o644) == 0)

        #expect(try cache.get(String.self, for: Key("planted")) == nil)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.corruptEntriesDropped == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aSparseFileOverTheEntryLimitIsAMissReadWithoutAllocatingIt() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        let path = cache.fileURL(for: Key("huge")).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 20 << 30) == 0)

        #expect(try cache.get(String.self, for: Key("huge")) == nil)
        #expect(cache.statistics.corruptEntriesDropped == 1)
    }

    @Test func aValueOverTheEntryLimitIsRefusedAndTheOldOneKept() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url, maxEntryBytes: 1000)
        try cache.set("small", for: Key("k"))

        #expect {
            try cache.set(String(repeating: "x", count: 2000), for: Key("k"))
        } throws: { error in
            guard case StorageError.tooLarge(_, _, 1000) = error else { return false }
            return true
        }
        #expect(try cache.get(String.self, for: Key("k")) == "small")
    }

    @Test func aDirectoryInPlaceOfAnEntryIsAMissAndClearStillWorks() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        try cache.set("kept", for: Key("a"))
        let planted = cache.fileURL(for: Key("b"))
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)

        #expect(try cache.get(String.self, for: Key("b")) == nil)
        #expect(try cache.usage().count == 1)
        try cache.removeAll()
        #expect(try cache.get(String.self, for: Key("a")) == nil)
    }
}
