import Commands
import DataProvidersTesting
import Foundation
import TestSupport
import Testing

@testable import Commands
@testable import DataProviders

/// `show`: every field for people, and for scripts.
@Suite(.onOwnThread) struct DetailViewTests {
    /// A fixture directory with one record that has no links, as some of the real API's have none.
    private static func linklessFixtures() throws -> ScratchDirectory {
        let record = """
            {"id": 1, "name": "Linkless", "description": "", "modified": "2014-04-29T14:18:17-0400",
             "thumbnail": {"path": "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", "extension": "jpg"},
             "comics": {"available": 0, "collectionURI": "", "items": [], "returned": 0}}
            """
        let wrapper = #"{"code": 200, "status": "Ok", "data": {"offset": 0, "limit": 20, "total": 1, "count": 1, "results": [\#(record)]}}"#
        return try ScratchDirectory(prefix: "excelsior-linkless", files: ["characters.json": wrapper])
    }

    @Test func showPrintsEveryFieldWithUpToFiveWorksAndTheLinks() async throws {
        let run = try await ProgramRun(["show", "1009610"])
        #expect(run.status == 0)
        let lines = run.stdoutLines
        #expect(lines.first == "Spider-Man (1009610)")
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 80 || $0.contains("http") })
        #expect(lines.contains { $0.hasPrefix("Modified    20") })
        #expect(lines.contains { $0.hasPrefix("Thumbnail   https://") })
        for label in ["Comics", "Series", "Stories", "Events"] {
            #expect(lines.contains { $0.hasPrefix(label) }, "\(label)")
        }
        #expect(lines.contains { $0.hasPrefix("Links       detail     http") })
        #expect(lines.contains { $0.hasPrefix("            wiki       http") })
    }

    @Test func missingFieldsShowADashOrZero() async throws {
        let fixtures = try Self.linklessFixtures()
        let run = try await ProgramRun(["show", "1", "--fixtures", fixtures.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.contains("            comiclink  —"))
        let stack = try await ProgramRun(["show", "1010699"])  // Aaron Stack: no description, no works
        #expect(stack.stdoutLines[1] == "—")
        #expect(stack.stdoutLines.contains("Comics      0"))
    }

    @Test func theDescriptionIsWrappedToTheWidthAndNamesAreMadeSafe() {
        let character = Character(
            id: 7, name: "Bad\u{1B}[2JName", description: String(repeating: "word ", count: 40) + String(repeating: "x", count: 50),
            appearances: Appearances(
                comics: ResourceList(
                    available: 9,
                    items: (1...7).map {
                        ResourceSummary(name: "Comic \u{7}\($0)", resourceURI: "http://gateway.marvel.com/v1/public/comics/\($0)")
                    }
                )))
        let lines = CharacterDetail(width: 40).render(character).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Bad\u{FFFD}[2JName (7)")
        #expect(lines.prefix(while: { !$0.isEmpty }).allSatisfy { TerminalText.columns($0) <= 40 })
        #expect(lines.contains(String(repeating: "x", count: 40)))
        #expect(lines.filter { $0.hasPrefix("            Comic \u{FFFD}") }.count == CharacterDetail.namedWorks)
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func showAsJSONHasTheListsAndLinksInMarvelsShape() async throws {
        let run = try await ProgramRun(["show", "1011334", "--format", "json"])
        #expect(run.status == 0)
        let character = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let comics = try #require(character["comics"] as? [String: Any])
        #expect(comics["available"] as? Int == 11)
        let item = try #require((comics["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["name", "resourceURI"])
        let urls = try #require(character["urls"] as? [[String: String]])
        #expect(urls.map { $0["type"] } == ["detail", "wiki", "comiclink"])
        let fixtures = try Self.linklessFixtures()
        let linkless = try await ProgramRun(["show", "1", "--format", "json", "--fixtures", fixtures.url.path])
        let missing = try #require(try JSONSerialization.jsonObject(with: Data(linkless.stdout.utf8)) as? [String: Any])
        #expect((missing["urls"] as? [Any])?.isEmpty == true)
    }
}
