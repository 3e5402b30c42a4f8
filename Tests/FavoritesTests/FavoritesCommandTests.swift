import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Favorites
import FavoritesTesting
import Foundation
import RepositoryTesting
import Synchronization
import Testing

/// `favorites` over the store double and a stub repository: the JSON scripts read, and the
/// rules the service keeps, each broken one a line and its exit code.
@Suite struct FavoritesCommandTests {
    let store = InMemoryFavoritesStore()
    let service: FavoritesService

    init() {
        let clock = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
        let repository = CharacterRepositoryStub([.sample(id: 1_009_610, name: "Spider-Man"), .sample(id: 1_011_334, name: "3-D Man")])
        service = FavoritesService(store: store, repository: repository) {
            clock.withLock { now in
                now += 1
                return now
            }
        }
    }

    /// `favorites` doing `action` in `format`.
    private func run(_ action: FavoritesAction, format: OutputFormat = .table) async -> RecordedRun {
        await RecordedRun { FavoritesCommand(action, service: service, format: format, console: $0) }
    }

    @Test func listAsJSONHasTheDocumentedShape() async throws {
        let empty = await run(.list, format: .json)
        #expect(
            empty.out.joined().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
                == "{\"count\":0,\"results\":[]}")
        #expect(await run(.add(id: 1_011_334, note: "", rating: 2)).exitCode == .ok)
        #expect(await run(.add(id: 1_009_610, note: "second", rating: nil)).exitCode == .ok)
        let run = await run(.list, format: .json)
        #expect(run.exitCode == .ok)
        #expect(run.err.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined(separator: "\n").utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["count", "results"])
        #expect(document["count"] as? Int == 2)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(
            results.map { Set($0.keys) } == Array(repeating: ["addedAt", "characterId", "name", "note", "rating", "updatedAt"], count: 2))
        #expect(results.map { $0["characterId"] as? Int } == [1_011_334, 1_009_610])
        #expect(results[0]["rating"] as? Int == 2)
        #expect(results[1]["rating"] is NSNull)
        #expect(results[1]["note"] as? String == "second")
        let added = try #require(results[0]["addedAt"] as? String)
        #expect(added.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/) != nil)
    }

    @Test func addListAndRemoveThroughTheServiceTellingWhenTheCharacterWasLookedUp() async throws {
        let lookUps = Mutex(0)
        let recorder = ConsoleRecorder()
        for action in [FavoritesAction.add(id: 1_009_610, note: "kept", rating: 5), .list, .remove(id: 1_009_610)] {
            try await FavoritesCommand(action, service: service, format: .table, console: recorder.console) {
                lookUps.withLock { $0 += 1 }
            }.run()
        }
        #expect(recorder.out.first == "Added Spider-Man (1009610) to the favourites.")
        #expect(recorder.out.contains("1 favourite."))
        #expect(recorder.out.last == "Removed Spider-Man (1009610) from the favourites.")
        #expect(try service.list().isEmpty)
        #expect(lookUps.withLock { $0 } == 1, "only add looks a character up")
    }

    @Test func brokenRulesAreBadDataNamingTheRule() async {
        #expect(await run(.add(id: 1_009_610, note: "", rating: nil)).exitCode == .ok)
        let cases: [(FavoritesAction, String)] = [
            (
                .add(id: 1_009_610, note: "", rating: nil),
                "Spider-Man (1009610) is already a favourite (one per character); change it with 'favorites update 1009610'."
            ),
            (
                .add(id: 1_011_334, note: String(repeating: "x", count: 501), rating: nil),
                "The note has 501 characters; a note may have at most 500."
            ),
            (
                .update(id: 1_009_610, note: "two\nlines", rating: .keep),
                "The note has control characters (such as newlines, tabs or escapes); a note is one line of plain text."
            ),
        ]
        for (action, message) in cases {
            let run = await run(action)
            #expect(run.message == message && run.exitCode == .dataError, "\(action)")
            #expect(run.out.isEmpty)
        }
        #expect(await run(.show(id: 1_009_610), format: .json).out.joined().contains("\"note\" : \"\""))
    }

    @Test func whatDoesNotExistIsNotFound() async {
        let cases: [(FavoritesAction, String)] = [
            (
                .add(id: 999, note: "", rating: nil),
                "No character has id 999, so it cannot be a favourite; 'list' shows the characters there are."
            ),
            (.show(id: 1_009_610), "Character 1009610 is not a favourite; 'favorites list' shows those that are."),
            (
                .update(id: 1_009_610, note: nil, rating: .set(1)),
                "Character 1009610 is not a favourite; 'favorites list' shows those that are."
            ),
            (.remove(id: 1_009_610), "Character 1009610 is not a favourite; 'favorites list' shows those that are."),
        ]
        for (action, message) in cases {
            let run = await run(action)
            #expect(run.message == message && run.exitCode == .notFound, "\(action)")
        }
    }

    @Test(arguments: [
        (FavoritesError.characterNotFound(characterID: 1), ExitCode.notFound),
        (.favoriteNotFound(characterID: 1), .notFound),
        (.alreadyFavorite(characterID: 1, name: "N"), .dataError),
        (.noteTooLong(length: 501, maximum: 500), .dataError),
        (.noteTooLarge(bytes: 2_001, maximum: 2_000), .dataError),
        (.misconfigured(server: "u@h:1/d", reason: "database \"d\" does not exist"), .usage),
        (.noteHasControlCharacters, .dataError),
        (.ratingOutOfRange(0), .usage),
        (.busy(path: "/p"), .temporaryFailure),
        (.damaged(path: "/p", reason: "r"), .dataError),
        (.cannotCreateDirectory(path: "/p", reason: "r"), .cannotCreate),
        (.storage(path: "/p", reason: "r"), .ioError),
    ])
    func everyFavoritesErrorHasItsExitCode(_ error: FavoritesError, _ code: ExitCode) {
        #expect(error.exitCode == code)
        #expect((error as any Error as? any ReportedError)?.exitCode == code, "the program reports it by its own code")
    }
}
