import FaultTestSupport
import Favorites
import Foundation
import SQLite
import SQLiteFavorites
import TestSupport
import Testing

/// `favorites list` of many favourites streams them: its memory does not grow with the list.
@Suite(.onOwnThread) struct LongFavoritesListTests {
    static let count = 60_000
    /// How much more memory than for one favourite the list may take, whatever its length.
    static let allowedGrowth = 20 << 20

    /// A data directory holding `count` favourites, written in one statement through the SQLite layer.
    static func dataDirectory(count: Int) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory(prefix: "excelsior-long-list")
        let path = scratch.path("data/\(SQLiteFavoritesStore.fileName)")
        _ = try SQLiteFavoritesStore(directory: scratch.url.appendingPathComponent("data"))
        let database = try Database(path: path)
        try database.transaction { connection in
            try connection.run(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO favorites SELECT i, 'Hero number ' || i, 'A note about hero ' || i || ' of a moderate length',
                    i % 5 + 1, 1700000000000 + i, 1700000000000 + i FROM n
                """, [.int(count)])
        }
        return scratch
    }

    @Test func listingSixtyThousandFavouritesTakesNoMoreMemoryThanListingOne() async throws {
        let one = try Self.dataDirectory(count: 1)
        let many = try Self.dataDirectory(count: Self.count)
        // The program runs under `favorites-torture peak`, which reports its peak memory: this
        // process's own would be counted in a child it spawned (see the tool).
        let measured = [try SpawnedChild.tortureTool("favorites-torture").path, "peak"]
        for format in ["json", "table"] {
            let small = try await LimitedRun.run(
                ["favorites", "list", "--format", format, "--data-dir", one.path("data")], wrapper: measured)
            let large = try await LimitedRun.run(
                ["favorites", "list", "--format", format, "--data-dir", many.path("data")], timeout: .seconds(120), wrapper: measured)
            #expect(small.status == 0 && large.status == 0, "\(format): \(large.ending), \(large.stderr.prefix(300))")
            let (smallPeak, largePeak) = (Self.peak(small), Self.peak(large))
            #expect(smallPeak > 0 && largePeak > 0, "no peak reported: \(large.stderr.suffix(200))")
            #expect(
                largePeak - smallPeak < Self.allowedGrowth,
                "\(format): \(largePeak >> 20) MiB for \(Self.count), \(smallPeak >> 20) MiB for one")
            if format == "json" {
                #expect(
                    large.stdout.hasPrefix("{\n  \"count\" : \(Self.count),\n  \"results\" : [\n") && large.stdout.hasSuffix("\n  ]\n}\n"))
                #expect(large.stdout.components(separatedBy: "\"characterId\" : ").count == Self.count + 1)
            } else {
                let lines = large.stdout.split(separator: "\n")
                #expect(lines.count == Self.count + 2 && lines.last == "\(Self.count) favourites.")
            }
            print(
                "FaultTests.long-list: \(format) of \(Self.count) in \(large.elapsed), peak \(largePeak >> 20) MiB (one: \(smallPeak >> 20) MiB)"
            )
        }
    }

    /// The peak `favorites-torture peak` reported on the last line of stderr (0 when it did not).
    static func peak(_ run: LimitedRun) -> Int {
        run.stderrLines.last.flatMap { $0.hasPrefix("peak ") ? Int($0.dropFirst(5)) : nil } ?? 0
    }
}
