import Favorites
import FavoritesTesting
import Foundation
import SQLiteFavorites
import SQLiteFavoritesTesting
import TestSupport
import Testing

/// `favorites` as a user runs it: the built program on a data directory of its own.
@Suite(.onOwnThread) struct FavoritesCommandLineTests {
    static let usageHint = " Run 'CompositionRoot --help' for usage."

    /// A fresh data directory, removed when the test ends.
    final class DataDirectory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-data-\(UUID().uuidString)")
        var database: String { url.appendingPathComponent("favorites.sqlite").path }

        func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProgramRun {
            try await ProgramRun(["favorites"] + arguments + ["--data-dir", url.path], environment: environment)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func addListShowUpdateRemoveAcrossRuns() async throws {
        let data = DataDirectory()
        let added = try await data.run(["add", "1009610", "--note", "Friendly neighbour", "--rating", "5"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdoutLines == ["Added Spider-Man (1009610) to the favourites."])
        #expect(try await data.run(["add", "1011334"]).status == 0)

        let table = try await data.run(["list"])
        #expect(table.status == 0)
        #expect(
            table.stdoutLines == [
                "     ID  NAME        RATING  NOTE", "1009610  Spider-Man  ★★★★★   Friendly neighbour", "1011334  3-D Man     —       —",
                "2 favourites.",
            ])

        let updated = try await data.run(["update", "1009610", "--no-rating", "--note", "Changed"])
        #expect(updated.stdoutLines == ["Updated Spider-Man (1009610)."])
        #expect(try await data.run(["update", "1011334", "--rating", "3"]).status == 0)
        let shown = try await data.run(["show", "1011334", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(object["rating"] as? Int == 3)
        #expect(try await data.run(["show", "1009610"]).stdoutLines[1] == "1009610  Spider-Man  —       Changed")

        let removed = try await data.run(["remove", "1011334"])
        #expect(removed.stdoutLines == ["Removed 3-D Man (1011334) from the favourites."])
        #expect(try await data.run(["list"]).stdoutLines.last == "1 favourite.")
    }

    @Test func listAsJSONHasTheDocumentedShape() async throws {
        let data = DataDirectory()
        #expect(try await data.run(["add", "1011334", "--rating", "2"]).status == 0)
        #expect(try await data.run(["add", "1009610", "--note", "second"]).status == 0)
        let run = try await data.run(["list", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
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
        let empty = try await DataDirectory().run(["list", "--format", "json"])
        #expect(
            empty.stdout.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "") == "{\"count\":0,\"results\":[]}")
    }

    @Test(arguments: [
        (["add", "1", "--data-dir"], "--data-dir needs a value."),
        (["add"], "favorites add needs a character id, such as 'favorites add 1009610'."),
        (["add", "abc"], "favorites add needs a positive whole-number character id, got 'abc'."),
        (["add", "1", "2"], "favorites add takes one character id, got 2."),
        (["add", "1", "--rating", "0"], "--rating must be a whole number from 1 to 5, got '0'."),
        (["add", "1", "--rating", "6"], "--rating must be a whole number from 1 to 5, got '6'."),
        (["add", "1", "--rating", "five"], "--rating must be a whole number from 1 to 5, got 'five'."),
        (["add", "1", "--rating", "3", "--rating", "4"], "--rating was given more than once."),
        (["update", "1", "--rating", "-1"], "--rating must be a whole number from 1 to 5, got '-1'."),
        (["update", "1"], "favorites update needs --note TEXT, --rating N or --no-rating."),
        (["update", "1", "--rating", "2", "--no-rating"], "favorites update takes --rating N or --no-rating, not both."),
        (["list", "--note", "x"], "Unknown flag '--note' for favorites list."),
        (["remove", "1", "--format", "json"], "Unknown flag '--format' for favorites remove."),
        (["show", "1", "--stats"], "Unknown flag '--stats' for favorites show."),
        (["list", "extra"], "Unexpected argument 'extra' for favorites list."),
        (["tidy"], "Unknown favorites action 'tidy' (expected add, list, show, update, remove)."),
        ([], "favorites needs an action: add, list, show, update, remove."),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) async throws {
        let run = try await ProgramRun(["favorites"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderrLines == ["CompositionRoot: " + message + Self.usageHint])
        #expect(run.stdout.isEmpty)
    }

    @Test func brokenRulesAreBadDataNamingTheRule() async throws {
        let data = DataDirectory()
        #expect(try await data.run(["add", "1009610"]).status == 0)
        let cases: [([String], String)] = [
            (
                ["add", "1009610"],
                "Spider-Man (1009610) is already a favourite (one per character); change it with 'favorites update 1009610'."
            ),
            (
                ["add", "1011334", "--note", String(repeating: "x", count: 501)],
                "The note has 501 characters; a note may have at most 500."
            ),
            (
                ["update", "1009610", "--note", "two\nlines"],
                "The note has control characters (such as newlines, tabs or escapes); a note is one line of plain text."
            ),
        ]
        for (arguments, message) in cases {
            let run = try await data.run(arguments)
            #expect(run.status == 65, "\(arguments)")
            #expect(run.stderrLines == ["CompositionRoot: " + message])
        }
        #expect(try await data.run(["show", "1009610", "--format", "json"]).stdout.contains("\"note\" : \"\""))
    }

    @Test func whatDoesNotExistIsNotFound() async throws {
        let data = DataDirectory()
        let cases: [([String], String)] = [
            (["add", "999"], "No character has id 999, so it cannot be a favourite; 'list' shows the characters there are."),
            (["show", "1009610"], "Character 1009610 is not a favourite; 'favorites list' shows those that are."),
            (["update", "1009610", "--rating", "1"], "Character 1009610 is not a favourite; 'favorites list' shows those that are."),
            (["remove", "1009610"], "Character 1009610 is not a favourite; 'favorites list' shows those that are."),
        ]
        for (arguments, message) in cases {
            let run = try await data.run(arguments)
            #expect(run.status == 66, "\(arguments)")
            #expect(run.stderrLines == ["CompositionRoot: " + message])
        }
    }

    @Test func aDataDirectoryThatCannotBeCreatedIs73() async throws {
        let data = DataDirectory()
        try FileManager.default.createDirectory(at: data.url, withIntermediateDirectories: true)
        let blocker = data.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let run = try await ProgramRun(["favorites", "list", "--data-dir", blocker.appendingPathComponent("excelsior").path])
        #expect(run.status == 73)
        #expect(run.stderrLines == ["CompositionRoot: Cannot create the data directory \(blocker.path)/excelsior: Not a directory."])
    }

    @Test func aDatabaseLockedPastTheBusyTimeOutIs75() async throws {
        let data = DataDirectory()
        #expect(try await data.run(["add", "1009610"]).status == 0)
        let lock = try DatabaseLockHolder(path: data.database)
        let run = try await data.run(["add", "1011334"])
        let reader = try await data.run(["list", "--format", "json"])
        lock.release()
        #expect(run.status == 75)
        #expect(
            run.stderrLines == [
                "CompositionRoot: The favourites database \(data.database) is locked by another program: temporarily unavailable, try again."
            ])
        #expect(reader.status == 0, "readers are not blocked by a writer")
        #expect(try await data.run(["add", "1011334"]).status == 0)
    }

    @Test(arguments: DatabaseDamage.allCases)
    func aDamagedDatabaseIs65AndStaysByteForByte(_ damage: DatabaseDamage) async throws {
        let data = DataDirectory()
        for id in ["1009610", "1011334", "1009368"] {
            #expect(try await data.run(["add", id, "--note", String(repeating: "n", count: 400)]).status == 0)
        }
        try damage.apply(to: data.database)
        let before = try DatabaseDamage.snapshot(of: data.database)
        for arguments in [["list"], ["add", "1009220"], ["remove", "1009610"]] {
            let run = try await data.run(arguments)
            #expect(run.status == 65, "\(arguments): \(run.stderr)")
            #expect(run.stderrLines.count == 1)
            #expect(
                run.stderrLines.first?.hasPrefix("CompositionRoot: \(data.database) is not a favourites database or is damaged") == true)
            #expect(try DatabaseDamage.snapshot(of: data.database) == before)
        }
    }

    @Test func theDataDirectoryDefaultsToXDGDataHome() async throws {
        let data = DataDirectory()
        let run = try await ProgramRun(["favorites", "add", "1009610"], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: data.url.appendingPathComponent("excelsior/favorites.sqlite").path))
        let home = try await ProgramRun(["favorites", "list"], environment: ["XDG_DATA_HOME": "", "HOME": data.url.path])
        #expect(home.status == 0)
        #expect(FileManager.default.fileExists(atPath: data.url.appendingPathComponent(".local/share/excelsior/favorites.sqlite").path))
    }

    @Test func addLooksCharactersUpThroughTheChosenSourceAndCache() async throws {
        let data = DataDirectory()
        let cache = data.url.appendingPathComponent("cache").path
        let first = try await data.run(["add", "1009610", "--cache", "disk", "--cache-dir", cache])
        #expect(first.status == 0, "\(first.stderr)")
        let stats = try await ProgramRun(["cache", "stats", "--cache-dir", cache])
        #expect(stats.stdout.contains("entries"), "\(stats.stdout)")
        let missing = try await data.run(["add", "1", "--fixtures", "/nonexistent/excelsior"])
        #expect(missing.status == 66)
    }

    @Test(arguments: [
        (["favorites", "--help"], "Usage: CompositionRoot favorites add|list|show|update|remove"),
        (["favorites", "add", "--help"], "Usage: CompositionRoot favorites add <id>"),
        (["favorites", "list", "--help"], "Usage: CompositionRoot favorites list"),
        (["favorites", "show", "--help"], "Usage: CompositionRoot favorites show <id>"),
        (["favorites", "update", "--help"], "Usage: CompositionRoot favorites update <id>"),
        (["favorites", "remove", "--help"], "Usage: CompositionRoot favorites remove <id>"),
    ])
    func everyVerbHasHelp(arguments: [String], start: String) async throws {
        let run = try await ProgramRun(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(start))
        #expect(run.stdoutLines.allSatisfy { $0.count <= 90 })
    }
}
