import FaultTestSupport
import Foundation
import TestSupport
import Testing

/// What a hostile or unlucky machine plants in the cache directory: huge sparse files, a FIFO,
/// a directory where a file belongs. The program reads within bounds, never hangs, and a
/// bookkeeping failure never fails a read. Each runs the real program as a child process.
@Suite(.onOwnThread) struct HostileCacheFileTests {
    /// 2 GB of address space: plenty for the program (it peaks near 40 MB), far too little to
    /// read a 20 GB entry or a 3 GB statistics file whole.
    static let addressSpace = ["-v 2000000"]
    static let show = ["show", "1011334", "--cache", "disk"]

    /// A cache directory holding the entry `show 1011334` reads, made by a real run.
    private func prefilledCache() async throws -> (ScratchDirectory, [String]) {
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        let options = ["--cache-dir", directory.url.path]
        let first = try await LimitedRun.run(Self.show + options)
        try #require(first.status == 0, "\(first.stderr)")
        return (directory, options)
    }

    private func entryFiles(in directory: ScratchDirectory) throws -> [String] {
        let entries = directory.url.appendingPathComponent("entries")
        return try FileManager.default.contentsOfDirectory(atPath: entries.path).filter(isEntryFileName)
            .map { entries.appendingPathComponent($0).path }
    }

    @Test func aHugeSparseEntryIsAMissReadWithoutAllocatingIt() async throws {
        let (directory, options) = try await prefilledCache()
        defer { directory.remove() }
        for path in try entryFiles(in: directory) { #expect(truncate(path, 20 << 30) == 0) }

        let run = try await LimitedRun.run(Self.show + options + ["--stats"], limits: Self.addressSpace)
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.contains("3-D Man"))
        #expect(run.peakResidentBytes < 256 << 20, "peak \(run.peakResidentBytes) bytes")
    }

    @Test func aHugeSparseStatisticsFileCostsAWarningNotTheRead() async throws {
        let (directory, options) = try await prefilledCache()
        defer { directory.remove() }
        let statistics = directory.url.appendingPathComponent("statistics.json").path
        #expect(truncate(statistics, 3 << 30) == 0)

        let hit = try await LimitedRun.run(Self.show + options, limits: Self.addressSpace)
        #expect(hit.status == 0, "\(hit.ending): \(hit.stderr)")
        #expect(hit.stdout.contains("3-D Man"))
        #expect(hit.stderrLines.count == 1 && hit.stderr.contains("warning"), "\(hit.stderr)")
        #expect(hit.peakResidentBytes < 256 << 20, "peak \(hit.peakResidentBytes) bytes")

        let stats = try await LimitedRun.run(["cache", "stats"] + options, limits: Self.addressSpace)
        #expect(stats.status == 0, "\(stats.ending): \(stats.stderr)")
        #expect(stats.stdout.contains("entries    1"))
        #expect(stats.peakResidentBytes < 256 << 20, "peak \(stats.peakResidentBytes) bytes")
        var info = stat()
        #expect(stat(statistics, &info) == 0 && info.st_size == 3 << 30, "the foreign file is left as it was")
    }

    @Test func aFIFOInPlaceOfAnEntryNeverHangsTheRead() async throws {
        let (directory, options) = try await prefilledCache()
        defer { directory.remove() }
        for path in try entryFiles(in: directory) {
            #expect(unlink(path) == 0)
            #expect(mkfifo(path, 0o644) == 0)
        }

        let run = try await LimitedRun.run(Self.show + options, timeout: .seconds(15))
        #expect(!run.timedOut, "show hung on a FIFO")
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.contains("3-D Man"))
    }

    @Test(arguments: ["directory", "read-only"])
    func aStatisticsFileThatCannotBeWrittenNeverFailsTheRead(_ obstacle: String) async throws {
        let (directory, options) = try await prefilledCache()
        defer {
            chmod(directory.url.path, 0o755)
            directory.remove()
        }
        let statistics = directory.url.appendingPathComponent("statistics.json")
        if obstacle == "directory" {
            try FileManager.default.removeItem(at: statistics)
            try FileManager.default.createDirectory(at: statistics, withIntermediateDirectories: false)
        } else {
            #expect(chmod(directory.url.path, 0o555) == 0)
        }

        let run = try await LimitedRun.run(Self.show + options)
        #expect(run.status == 0, "\(run.ending): \(run.stderr)")
        #expect(run.stdout.contains("3-D Man"))
        if obstacle == "directory" || getuid() != 0 {
            #expect(
                run.stderrLines.count == 1 && run.stderr.contains("warning: this run's hits and misses were not counted"), "\(run.stderr)")
        }
    }
}
