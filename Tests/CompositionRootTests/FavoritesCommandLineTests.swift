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
}
