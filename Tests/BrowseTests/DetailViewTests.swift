import BrowseTesting
import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Foundation
import Testing

@testable import Browse

/// `show`: every field for people, and for scripts.
@Suite struct DetailViewTests {
    /// A character with no links, as some of the real API's have none.
    static let linkless = Character(
        id: 1, name: "Linkless", modified: Date(timeIntervalSince1970: 1_398_800_297),
        thumbnail: URL(string: "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available.jpg"))

    private func show(_ character: Character, format: OutputFormat = .table) async -> CommandRun {
        let (repository, cache) = Catalogue.repository(Catalogue.characters + [Self.linkless])
        return await CommandRun {
            ShowCommand(id: character.id, repository: repository, cache: cache, format: format, detailedStatistics: false, console: $0)
        }
    }

    @Test func showPrintsEveryFieldWithUpToFiveWorksAndTheLinks() async {
        let run = await show(Catalogue.spiderMan)
        #expect(run.exitCode == .ok)
        let lines = run.outLines
        #expect(lines.first == "Spider-Man (1009610)")
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 80 || $0.contains("http") })
        #expect(lines.contains { $0.hasPrefix("Modified    20") })
        #expect(lines.contains { $0.hasPrefix("Thumbnail   https://") })
        for label in ["Comics", "Series", "Stories", "Events"] {
            #expect(lines.contains { $0.hasPrefix(label) }, "\(label)")
        }
        #expect(lines.filter { $0.hasPrefix("            Amazing Spider-Man (1963) #") }.count == CharacterDetail.namedWorks)
        #expect(lines.contains { $0.hasPrefix("Links       detail     http") })
        #expect(lines.contains { $0.hasPrefix("            wiki       http") })
    }

    @Test func missingFieldsShowADashOrZero() async {
        let linkless = await show(Self.linkless)
        #expect(linkless.exitCode == .ok)
        #expect(linkless.outLines.contains("            comiclink  —"))
        let stack = await show(Catalogue.aaronStack)  // no description, no works
        #expect(stack.outLines[1] == "—")
        #expect(stack.outLines.contains("Comics      0"))
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
        let run = await show(Catalogue.threeDMan, format: .json)
        let character = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined().utf8)) as? [String: Any])
        let comics = try #require(character["comics"] as? [String: Any])
        #expect(comics["available"] as? Int == 11)
        let item = try #require((comics["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["name", "resourceURI"])
        let urls = try #require(character["urls"] as? [[String: String]])
        #expect(urls.map { $0["type"] } == ["detail", "wiki", "comiclink"])
        let linkless = await show(Self.linkless, format: .json)
        let missing = try #require(try JSONSerialization.jsonObject(with: Data(linkless.out.joined().utf8)) as? [String: Any])
        #expect((missing["urls"] as? [Any])?.isEmpty == true)
    }
}
