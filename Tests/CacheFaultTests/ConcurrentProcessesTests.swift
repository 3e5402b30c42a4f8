import CacheTortureKit
import FaultTestSupport
import Foundation
import Storage
import StorageTesting
import TestSupport
import Testing

extension ProcessFaultTests {
    static let processes = 4
    static let seconds = "2.5"

    /// Four processes setting and getting the same keys in one directory: every value read
    /// verifies, none is missing, all exit 0, and each key ends as the last value one of them wrote.
    @Test func processesSharingADirectoryNeverReadATornOrMissingValue() async throws {
        let seed = FaultSeed.make(for: "processes")
        var random = SeededRandom(seed: seed)
        let tool = try SpawnedChild.tortureTool()
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let cacheURL = directory.url.appendingPathComponent("cache", isDirectory: true)
        try prefilledCache(at: cacheURL, writer: seed, slots: TortureLayout.mixedSlots)

        var writers: [UInt64] = []
        while writers.count < Self.processes {
            let writer = random.next()
            if writer != seed && !writers.contains(writer) { writers.append(writer) }
        }
        let runs = try await onOwnThread { [writers] in try Self.runMixed(tool, directory: cacheURL, writers: writers) }

        var summaries: [MixedRunSummary] = []
        for (writer, (ending, line)) in zip(writers, runs) {
            #expect(ending == .exited(0), "writer \(writer) \(ending); seed \(seed)")
            let summary = try JSONDecoder().decode(MixedRunSummary.self, from: Data((line ?? "").utf8))
            #expect(summary.defects.isEmpty, "writer \(writer): \(summary.defects.prefix(5)); seed \(seed)")
            #expect(summary.misses == 0, "writer \(writer) missed a key that always exists; seed \(seed)")
            #expect(summary.stores > 0 && summary.hits > 0, "writer \(writer) did nothing: \(summary)")
            summaries.append(summary)
        }

        let reader = try DiskCache(directory: cacheURL)
        for slot in TortureLayout.mixedSlots {
            let value = try #require(
                try reader.get(TortureValue.self, for: TortureValue.key(slot: slot)), "slot \(slot) lost; seed \(seed)")
            do {
                try value.verify(slot: slot)
            } catch {
                Issue.record("\(error); seed \(seed)")
            }
            // Each process writes a slot in order, so the slot ends as some process's last write to it.
            var finals = summaries.compactMap { summary in summary.lastGeneration[slot].map { (summary.writer, $0) } }
            if finals.isEmpty { finals = [(seed, 0)] }
            #expect(
                finals.contains { $0 == (value.writer, value.generation) },
                "slot \(slot) ends as writer \(value.writer) generation \(value.generation), not a last write \(finals); seed \(seed)")
        }
        let stores = summaries.map(\.stores).reduce(0, +)
        let hits = summaries.map(\.hits).reduce(0, +)
        print("FaultTests.processes: \(Self.processes) processes × \(Self.seconds) s: \(stores) sets, \(hits) verified gets")
    }

    /// Runs one `mixed` process per writer at once and returns how each ended and its summary line (blocking).
    static func runMixed(_ tool: URL, directory: URL, writers: [UInt64]) throws -> [(SpawnedChild.Ending, String?)] {
        let children = try writers.map { try SpawnedChild(tool, ["mixed", directory.path, String($0), seconds]) }
        defer {
            for child in children { child.reap() }
        }
        for child in children { try child.waitUntilReady() }
        return try children.map { child in
            let line = try child.readLine(timeout: .seconds(30))
            return (try child.wait(timeout: .seconds(10)), line)
        }
    }
}
