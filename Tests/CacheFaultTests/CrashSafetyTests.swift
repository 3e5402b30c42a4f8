import CacheTortureKit
import FaultTestSupport
import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

/// Tests that run `cache-torture` processes; one at a time, so they do not starve each other.
@Suite(.onOwnThread, .serialized) struct ProcessFaultTests {
    static let kills = 60

    /// A writer killed with SIGKILL at random moments never leaves a torn, lost or rolled-back
    /// entry, nor a temporary file that reads as an entry; corrupt files among the entries are dropped.
    @Test func aWriterKilledAtRandomMomentsLeavesEveryEntryCompleteOldOrNew() async throws {
        let seed = FaultSeed.make(for: "crash")
        var random = SeededRandom(seed: seed)
        let tool = try SpawnedChild.tortureTool()
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let cacheURL = directory.url.appendingPathComponent("cache", isDirectory: true)

        // Generation 0 of every slot, and two damaged files planted among the entries.
        let setup = try prefilledCache(at: cacheURL, writer: seed, slots: TortureLayout.writeSlots)
        let garbage = Key("planted/garbage")
        let truncated = Key("planted/truncated")
        try Data((0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: setup.fileURL(for: garbage))
        try setup.set(TortureValue(slot: 99, writer: seed, generation: 0), for: truncated)
        let whole = try Data(contentsOf: setup.fileURL(for: truncated))
        try whole.prefix(whole.count / 2).write(to: setup.fileURL(for: truncated))

        var generations = [UInt64](repeating: 0, count: TortureLayout.writeSlots.count)
        var runsThatWrote = 0
        for run in 1...Self.kills {
            let writer = random.next()
            let announcements = 1 + Int(random.next() % 6)
            let delay = UInt32(random.next() % 4_000)
            let ending = try await onOwnThread {
                try Self.killWriter(tool, directory: cacheURL, seed: writer, afterAnnouncements: announcements, delay: delay)
            }
            try #require(ending == .signaled(SIGKILL), "run \(run): the writer \(ending) before it was killed; seed \(seed)")

            // What a program starting after the crash sees.
            let reader = try DiskCache(directory: cacheURL)
            var wrote = false
            for slot in TortureLayout.writeSlots {
                let value = try reader.get(TortureValue.self, for: TortureValue.key(slot: slot))
                guard let value else {
                    Issue.record("kill \(run): slot \(slot) was lost (a miss); seed \(seed)")
                    continue
                }
                do {
                    try value.verify(slot: slot)
                } catch {
                    Issue.record("kill \(run): \(error); seed \(seed)")
                }
                #expect(
                    value.generation >= generations[slot],
                    "kill \(run): slot \(slot) went back from generation \(generations[slot]) to \(value.generation); seed \(seed)")
                if value.generation > generations[slot] { wrote = true }
                generations[slot] = value.generation
            }
            if wrote { runsThatWrote += 1 }
            #expect(reader.statistics.corruptEntriesDropped == 0, "kill \(run); seed \(seed)")
            #expect(
                try reader.usage().count == TortureLayout.writeSlots.count + 2,
                "kill \(run): the entry count is off (a lost entry, or a temporary file counted as one); seed \(seed)")
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: cacheURL.path)
        let temporaries = names.filter(isTemporaryFileName)
        #expect(names.allSatisfy { isEntryFileName($0) || isTemporaryFileName($0) }, "\(names)")

        // The planted files: misses, removed, counted.
        let reader = try DiskCache(directory: cacheURL)
        #expect(try reader.get(TortureValue.self, for: garbage) == nil)
        #expect(try reader.get(TortureValue.self, for: truncated) == nil)
        #expect(reader.statistics.corruptEntriesDropped == 2)
        #expect(reader.statistics.misses == 2)
        #expect(!FileManager.default.fileExists(atPath: reader.fileURL(for: garbage).path))
        #expect(!FileManager.default.fileExists(atPath: reader.fileURL(for: truncated).path))

        // Temporary files left by killed writers are never entries, and go once they are stale.
        let keys = Set(try reader.entries().map(\.key))
        #expect(keys == Set(TortureLayout.writeSlots.map { TortureValue.key(slot: $0).value }))
        _ = try DiskCache(directory: cacheURL, now: { Date().addingTimeInterval(2 * 3600) })
        let left = try FileManager.default.contentsOfDirectory(atPath: cacheURL.path)
        #expect(left.filter(isTemporaryFileName).isEmpty)
        #expect(left.count == TortureLayout.writeSlots.count)

        print(
            "FaultTests.crash: \(Self.kills) kills, \(runsThatWrote) after at least one write, "
                + "\(generations.max() ?? 0) writes in all, \(temporaries.count) temporary files left by killed writers")
        #expect(runsThatWrote > Self.kills / 2, "most kills must land after the writer wrote; seed \(seed)")
    }

    /// Starts a writer, waits until it has announced `afterAnnouncements` writes (each printed just
    /// before the write starts), waits `delay` µs more, kills it with SIGKILL and reaps it (blocking).
    static func killWriter(_ tool: URL, directory: URL, seed: UInt64, afterAnnouncements: Int, delay: UInt32) throws -> SpawnedChild.Ending
    {
        let child = try SpawnedChild(tool, ["write", directory.path, String(seed)])
        defer { child.reap() }
        try child.waitUntilReady()
        for _ in 0..<afterAnnouncements {
            let line = try child.readLine(timeout: .seconds(20))
            guard line?.hasPrefix("set ") == true else {
                throw SpawnedChild.Failure(description: "the writer printed \(line ?? "nothing")")
            }
        }
        usleep(delay)
        child.send(SIGKILL)
        return try child.wait(timeout: .seconds(10))
    }
}
