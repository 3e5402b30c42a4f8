import Foundation
import TestSupport
import Testing

/// The disk cache through the program: served across runs, reported, emptied, never corrupted.
@Suite(.onOwnThread) struct CacheCommandLineTests {
    @Test func secondShowIsServedFromTheDiskCache() async throws {
        let directory = try TemporaryFixtures([:])
        defer { directory.remove() }
        let options = ["--cache", "disk", "--cache-dir", directory.url.path]

        let first = try await ProgramRun(["show", "1011334"] + options)
        #expect(first.status == 0)
        #expect(first.stdoutLines.last == "cache (disk): hits 0, misses 1, stored 1; provider calls 1")

        let second = try await ProgramRun(["show", "1011334"] + options)
        #expect(second.status == 0)
        #expect(second.stdoutLines.dropLast() == first.stdoutLines.dropLast())
        #expect(second.stdoutLines.last == "cache (disk): hits 1, misses 0, stored 0; provider calls 0")
    }

    @Test func cacheClearEmptiesItAndResetsTheCounts() async throws {
        let directory = try TemporaryFixtures([:])
        defer { directory.remove() }
        let options = ["--cache-dir", directory.url.path]
        _ = try await ProgramRun(["show", "1011334", "--cache", "disk"] + options)

        let clear = try await ProgramRun(["cache", "clear"] + options)
        #expect(clear.status == 0)
        #expect(clear.stdoutLines.first?.hasPrefix("Emptied the disk cache at \(directory.url.path): removed 1 entries") == true)
        let stats = try await ProgramRun(["cache", "stats"] + options)
        #expect(stats.stdoutLines.contains("entries    0"))
        #expect(stats.stdoutLines.contains("hits       0"))
        #expect(stats.stdoutLines.contains("misses     0"))
    }

    @Test func badInputNeverCorruptsTheDiskCache() async throws {
        let directory = try TemporaryFixtures([:])
        defer { directory.remove() }
        let options = ["--cache", "disk", "--cache-dir", directory.url.path]
        #expect(try await ProgramRun(["show", "1011334"] + options).status == 0)
        for arguments in [["show", "999"], ["show", "abc"], ["--limit", "0"], ["--fixtures", "/nonexistent"], ["--format", "xml"]] {
            #expect(try await ProgramRun(arguments + options).status != 0)
        }
        let again = try await ProgramRun(["show", "1011334"] + options)
        #expect(again.status == 0)
        #expect(again.stdoutLines.last == "cache (disk): hits 1, misses 0, stored 0; provider calls 0")
    }

    @Test func noCacheAsksTheProviderEveryTime() async throws {
        let run = try await ProgramRun(["show", "1011334", "--cache", "none"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.last == "cache (none): hits 0, misses 1, stored 0; provider calls 1")
    }
}
