import Browse
import BrowseTesting
import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Foundation
import Testing

/// What `list` and `show` print: tables for people, JSON for scripts, counts after each read,
/// over a repository built as the program builds one.
@Suite struct CharacterOutputTests {
    private func list(offset: Int = 0, limit: Int, query: CharacterQuery = CharacterQuery(), format: OutputFormat = .table) async
        -> CommandRun
    {
        let (repository, cache) = Catalogue.repository()
        return await CommandRun {
            ListCommand(
                offset: offset, limit: limit, query: query, repository: repository, cache: cache, format: format,
                detailedStatistics: false, console: $0)
        }
    }

    private func show(_ id: Int, format: OutputFormat, detailedStatistics: Bool = false) async -> CommandRun {
        let (repository, cache) = Catalogue.repository()
        return await CommandRun {
            ShowCommand(id: id, repository: repository, cache: cache, format: format, detailedStatistics: detailedStatistics, console: $0)
        }
    }

    private func json(_ run: CommandRun) throws -> [String: Any] {
        #expect(run.out.count == 1, "one document and nothing else: \(run.out)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined().utf8)) as? [String: Any])
    }

    @Test func listPagesWithOffsetAndLimit() async {
        let run = await list(offset: 40, limit: 10)
        #expect(run.exitCode == .ok)
        #expect(run.outLines.count == 1 + 5 + 2)
        #expect(run.outLines.contains("Showing 5 of 45 characters from offset 40."))
        #expect(run.outLines.last == "cache (memory): hits 0, misses 1, stored 6; provider calls 1")
    }

    @Test func listAsJSONHasTheStableFieldsAndNothingElseOnStdout() async throws {
        let run = await list(limit: 2, format: .json)
        #expect(run.exitCode == .ok)
        let page = try json(run)
        #expect(Set(page.keys) == ["offset", "limit", "total", "count", "results"])
        #expect(page["total"] as? Int == 45)
        let first = try #require((page["results"] as? [[String: Any]])?.first)
        #expect(
            Set(first.keys) == ["id", "name", "description", "modified", "thumbnail", "comics", "series", "stories", "events", "urls"])
        #expect(first["id"] as? Int == 1_011_334)
        #expect(first["modified"] as? String == "2014-04-29T18:18:17Z")
        #expect((first["thumbnail"] as? String)?.hasPrefix("https://") == true)
        #expect(run.err.isEmpty)
    }

    @Test func showAsJSONIsOneResultObjectWithNullsForMissingValues() async throws {
        let run = await show(Catalogue.aaronStack.id, format: .json)
        #expect(run.exitCode == .ok)
        let character = try json(run)
        #expect(character["name"] as? String == "Aaron Stack")
        #expect(character["description"] as? String == "")
        #expect(character["modified"] as? String == "1970-01-01T00:00:00Z")
        #expect(character["thumbnail"] is NSNull)
    }

    @Test func statsGoToStderrWithJSONSoStdoutStaysParseable() async throws {
        let run = await show(Catalogue.threeDMan.id, format: .json, detailedStatistics: true)
        #expect(run.exitCode == .ok)
        _ = try json(run)
        #expect(run.errLines.first?.hasPrefix("cache (memory): hits 0, misses 1, stored 1, evictions 0") == true)
        #expect(run.errLines.last?.hasPrefix("repository: provider calls 1") == true)
    }

    @Test func tableIsAlignedTruncatedAndFitsEightyColumns() async {
        let run = await list(limit: 100)
        #expect(run.exitCode == .ok)
        let rows = run.outLines.dropFirst().prefix(45)
        #expect(rows.count == 45)
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(rows.contains { $0.hasSuffix("…") })
        let nameColumns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "  ")?.upperBound ?? $0.startIndex) })
        #expect(nameColumns.count == 1)
    }

    @Test func nameFilterNarrowsTheListAndTheTotal() async {
        let run = await list(limit: 20, query: CharacterQuery(nameStartsWith: "CAP"))
        #expect(run.exitCode == .ok)
        #expect(run.outLines.count == 1 + 2 + 2)
        #expect(run.outLines.contains("Showing 2 of 2 characters from offset 0."))
    }

    @Test func anUnknownIdIsNotFoundInOneLineWithNothingOnStdout() async {
        let run = await show(999, format: .table)
        #expect(run.error as? ProviderError == .notFound(id: 999))
        #expect(run.message == "No character has id 999.")
        #expect(run.out.isEmpty)
    }
}
