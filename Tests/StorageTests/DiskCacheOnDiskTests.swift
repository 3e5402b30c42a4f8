import Foundation
import Storage
import TestSupport
import Testing

/// `DiskCache` on the real file system: atomicity, sweeps by last access, and faults a
/// real disk produces.
@Suite struct DiskCacheOnDiskTests {
    /// A large value whose every character is `fill`, so a mix of two writes shows.
    struct Blob: Codable, Sendable, Equatable {
        var fill: Character
        var text: String

        init(_ fill: Character, count: Int) {
            self.fill = fill
            text = String(repeating: fill, count: count)
        }

        var isUniform: Bool { text.utf8.allSatisfy { $0 == fill.asciiValue } }

        enum CodingKeys: CodingKey { case text }

        init(from decoder: any Decoder) throws {
            text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text)
            fill = text.first ?? " "
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
        }
    }

    @Test func readersInOtherProcessesNeverSeeATornEntry() async throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let writer = try DiskCache(directory: directory.url)
        let reader = try DiskCache(directory: directory.url)
        let key = Key("shared")
        try writer.set(Blob("a", count: 64_000), for: key)

        let reads = Task.detached {
            var seen = Set<Character>()
            for _ in 0..<100 {
                guard let blob = try reader.get(Blob.self, for: key) else { return (seen, false) }
                guard blob.isUniform, blob.text.utf8.count == 64_000 else { return (seen, false) }
                seen.insert(blob.fill)
            }
            return (seen, true)
        }
        for round in 0..<100 {
            try writer.set(Blob(round.isMultiple(of: 2) ? "b" : "a", count: 64_000), for: key)
        }
        let (seen, intact) = try await reads.value
        #expect(intact)
        #expect(!seen.isEmpty)
        #expect(reader.statistics.corruptEntriesDropped == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 1)
    }

    @Test func aSweepKeepsTheEntriesReadMostRecently() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let clock = ManualClock()
        let probe = try DiskCache(directory: directory.url.appendingPathComponent("probe"), now: clock.now)
        try probe.set("0", for: Key("0"))
        let entrySize = try probe.usage().bytes

        let cache = try DiskCache(directory: directory.url, byteLimit: entrySize * 3, lowWaterMark: entrySize * 2, now: clock.now)
        for index in 0..<3 {
            try cache.set("\(index)", for: Key("\(index)"))
            clock.advance(by: 1)
        }
        _ = try cache.get(String.self, for: Key("0"))
        clock.advance(by: 1)
        try cache.set("3", for: Key("3"))
        #expect(try (0..<4).map { try cache.get(String.self, for: Key("\($0)")) } == ["0", nil, nil, "3"])
    }

    @Test func aDirectoryThatCannotBeCreatedFailsAtConstructionNamingThePath() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data([1]).write(to: blocker)
        let wanted = blocker.appendingPathComponent("cache")
        #expect {
            try DiskCache(directory: wanted)
        } throws: { error in
            guard let error = error as? StorageError, case .cannotCreateDirectory = error else { return false }
            return error.description.contains(blocker.path)
        }
    }

    @Test func aWriteThatCannotLandThrowsAndKeepsTheOldValue() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        try cache.set("old", for: Key("k"))
        let url = cache.fileURL(for: Key("blocked"))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        #expect(throws: StorageError.self) { try cache.set("new", for: Key("blocked")) }
        #expect(try cache.get(String.self, for: Key("k")) == "old")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }

    @Test func aWriterKilledMidwayLeavesTheOldValueReadable() throws {
        let directory = try ScratchDirectory(prefix: "excelsior-tests")
        defer { directory.remove() }
        let cache = try DiskCache(directory: directory.url)
        try cache.set("old", for: Key("k"))
        let final = cache.fileURL(for: Key("k")).lastPathComponent
        try Data("XLC2 half of a new ent".utf8).write(to: directory.url.appendingPathComponent(".\(final).4f2a.tmp"))
        #expect(try cache.get(String.self, for: Key("k")) == "old")
        #expect(try cache.usage().count == 1)
    }
}
