import Client
import Foundation
import TestSupport
import Testing

@testable import Commands

/// JSON for scripts, tables for people, graphs in three formats.
@Suite(.onOwnThread) struct OutputFormatTests {
    private func json(_ run: ProgramRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func listAsJSONHasTheStableFieldsAndNothingElseOnStdout() async throws {
        let run = try await ProgramRun(["list", "--limit", "2", "--format", "json"])
        #expect(run.status == 0)
        let page = try json(run)
        #expect(Set(page.keys) == ["offset", "limit", "total", "count", "results"])
        #expect(page["total"] as? Int == 45)
        let first = try #require((page["results"] as? [[String: Any]])?.first)
        #expect(
            Set(first.keys) == ["id", "name", "description", "modified", "thumbnail", "comics", "series", "stories", "events", "urls"])
        #expect(first["id"] as? Int == 1_011_334)
        #expect(first["modified"] as? String == MarvelDateText.threeDMan)
        #expect((first["thumbnail"] as? String)?.hasPrefix("https://") == true)
    }

    @Test func showAsJSONIsOneResultObjectWithNullsForMissingValues() async throws {
        let run = try await ProgramRun(["show", "1010699", "--format", "json"])
        #expect(run.status == 0)
        let character = try json(run)
        #expect(character["name"] as? String == "Aaron Stack")
        #expect(character["description"] as? String == "")
        #expect(character["modified"] as? String == "1970-01-01T00:00:00Z")
    }

    @Test func statsGoToStderrWithJSONSoStdoutStaysParseable() async throws {
        let run = try await ProgramRun(["show", "1011334", "--format", "json", "--stats"])
        #expect(run.status == 0)
        _ = try json(run)
        #expect(run.stderrLines.first?.hasPrefix("cache (memory): hits 0, misses 1, stored 1, evictions 0") == true)
        #expect(run.stderrLines.last?.hasPrefix("repository: provider calls 1") == true)
    }

    @Test func tableIsAlignedTruncatedAndFitsEightyColumns() async throws {
        let run = try await ProgramRun(["list", "--limit", "100"])
        #expect(run.status == 0)
        let rows = run.stdoutLines.dropFirst().prefix(45)
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(rows.contains { $0.hasSuffix("…") })
        let nameColumns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "  ")?.upperBound ?? $0.startIndex) })
        #expect(nameColumns.count == 1)
    }

    @Test func nameFilterNarrowsTheListAndTheTotal() async throws {
        let run = try await ProgramRun(["list", "--name-starts-with", "CAP"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.count == 1 + 2 + 2)
        #expect(run.stdout.contains("Showing 2 of 2 characters from offset 0."))
    }

    @Test(arguments: GraphFormat.allCases)
    func moduleGraphIsTheOneTheManifestsGenerate(_ format: GraphFormat) async throws {
        let run = try await ProgramRun(["graph", "--format", format.rawValue])
        #expect(run.status == 0)
        let expected =
            switch format {
            case .text: ModuleGraph.text
            case .mermaid: ModuleGraph.mermaid
            case .dot: ModuleGraph.dot
            }
        #expect(run.stdout == expected + "\n")
        #expect(run.stdout.contains("Repository"))
    }

    @Test func objectGraphShowsWhatTheContainerBuilds() async throws {
        let run = try await ProgramRun(["graph", "--objects"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.contains("CharacterRepository (single, async) → AppConfiguration, CharacterProviding, Caching"))
        let mermaid = try await ProgramRun(["graph", "--objects", "--format", "mermaid"])
        #expect(mermaid.stdout.hasPrefix("graph TD\n"))
        #expect(mermaid.stdout.contains("CharacterRepository --> CharacterProviding"))
    }

    @Test func stylingOnlyOnATerminalAndNeverWithNoColor() {
        let styled = Terminal(stylesOutput: true, stylesErrors: true)
        #expect(styled.bold("ID") == "\u{1B}[1mID\u{1B}[0m")
        #expect(Terminal.plain.bold("ID") == "ID")
        #expect(Terminal.current(["NO_COLOR": "1"]).stylesOutput == false)
        #expect(Terminal.current(["NO_COLOR": "1"]).stylesErrors == false)
    }
}

/// The bundled fixtures' date for 3-D Man, in UTC.
enum MarvelDateText {
    static let threeDMan = "2014-04-29T18:18:17Z"
}
