import CacheTortureKit
import Foundation
import Storage
import StorageTesting
import Testing

extension ProcessFaultTests {
    static let processes = 4
    static let seconds = "2.5"

    /// Four processes setting and getting the same keys in one directory: every value read
    /// verifies, none is missing, all exit 0, and each key ends as the last value one of them wrote.
    @Test func processesSharingADirectoryNeverReadATornOrMissingValue() throws {
        let seed = FaultSeed.make(for: "processes")
        var random = SeededRandom(seed: seed)
        let tool = try ChildProcess.tortureTool()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.url.appendingPathComponent("cache", isDirectory: true)
        let setup = try DiskCache(directory: cacheURL)
        for slot in TortureLayout.mixedSlots {
            try setup.set(TortureValue(slot: slot, writer: seed, generation: 0), for: TortureValue.key(slot: slot))
        }

        var writers: [UInt64] = []
        while writers.count < Self.processes {
            let writer = random.next()
            if writer != seed && !writers.contains(writer) { writers.append(writer) }
        }
        let children = try writers.map { try ChildProcess(tool, ["mixed", cacheURL.path, String($0), Self.seconds]) }
        defer {
            for child in children { child.reap() }
        }
        var summaries: [MixedRunSummary] = []
        for (child, writer) in zip(children, writers) {
            let ready = try child.readLine(timeout: .seconds(20))
            try #require(ready == "ready", "writer \(writer) did not start; seed \(seed)")
        }
        for (child, writer) in zip(children, writers) {
            let line = try child.readLine(timeout: .seconds(30))
            let ending = try child.wait(timeout: .seconds(10))
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
}
