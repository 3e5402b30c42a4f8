import FaultTestSupport
import Favorites
import FavoritesTortureKit
import Foundation
import Postgres
import PostgresFavorites
import PostgresTesting
import Processes
import TestSupport
import Testing

/// `favorites-torture` processes on one PostgreSQL database of the tests' own: eight writing at
/// once, and a writer whose server is killed with SIGKILL under it. One at a time, so they do
/// not starve each other.
@Suite(.onOwnThread, .serialized, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresFaultTests {
    static let writers = 8
    static let eachWriter = 150

    /// Eight processes adding, updating and removing favourites of their own at once lose
    /// nothing: the final table is exactly what each committed.
    @Test func eightProcessesWritingAtOnceLoseNothing() async throws {
        let tool = try SpawnedChild.tortureTool("favorites-torture")
        let url = try PostgresServerProcess.shared().createDatabase()
        _ = try PostgresFavoritesStore(url: url)  // the schema, before the writers race
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let goPath = directory.url.appendingPathComponent("postgres").path
        let started = ContinuousClock.now
        let endings = try await onOwnThread { try Self.runMixed(tool, goPath: goPath, url: url) }
        let elapsed = ContinuousClock.now - started
        for (writer, (ending, line)) in endings.enumerated() {
            #expect(ending == .exited(0), "writer \(writer) \(ending)")
            #expect(line == "done", "writer \(writer) printed \(line ?? "nothing")")
        }
        let store = try PostgresFavoritesStore(url: url)
        let kept = (0..<Self.eachWriter).filter { !TortureFavorite.isRemoved(index: $0) }
        let expected = (0..<Self.writers).flatMap { writer in kept.map { TortureFavorite.firstID(writer: writer) + $0 } }
        let stored = try store.list()
        #expect(stored.map(\.characterID).sorted() == expected.sorted())
        for favorite in stored {
            #expect(try TortureFavorite.verify(favorite) == 1, "favourite \(favorite.characterID) lost its update")
        }
        let operations = Self.writers * (2 * Self.eachWriter + Self.eachWriter - kept.count)
        print("FaultTests.postgres-processes: \(Self.writers) processes, \(operations) statements in \(elapsed)")
    }

    /// The server killed with SIGKILL while a writer adds favourites: every favourite the writer
    /// saw committed is there after a restart, complete; the program said 69 while the server
    /// was down and works again after, with no restart of its own.
    @Test func theServerKilledMidWritesKeepsEveryCommittedFavorite() async throws {
        let tool = try SpawnedChild.tortureTool("favorites-torture")
        let program = try SpawnedChild.program()
        let server = try PostgresServerProcess.start()
        let url = server.url()
        var committed: Set<Int> = []
        for round in 1...3 {
            let log = try await onOwnThread { try Self.killServerUnderWriter(tool, server: server, url: url, afterLines: 20 + round * 7) }
            for line in log {
                let words = line.split(separator: " ")
                if words.first == "added", let id = Int(words[1]) { committed.insert(id) }
            }
            let down = try await onOwnThread {
                try Self.runProgram(program, ["favorites", "list", "--store", "postgres", "--database-url", url])
            }
            #expect(down.status == 69, "round \(round): \(down.stderr)")
            #expect(!down.stderr.contains(PostgresServerProcess.password))
            try server.restart()
            let store = try PostgresFavoritesStore(url: url)
            let stored = try store.list()
            let ids = Set(stored.map(\.characterID))
            #expect(committed.isSubset(of: ids), "round \(round): lost \(committed.subtracting(ids).sorted().prefix(5))")
            for favorite in stored { _ = try TortureFavorite.verify(favorite) }
            let back = try await onOwnThread {
                try Self.runProgram(program, ["favorites", "list", "--store", "postgres", "--database-url", url])
            }
            #expect(back.status == 0, "round \(round): \(back.stderr)")
        }
        print("FaultTests.postgres-crash: 3 server kills, \(committed.count) favourites committed, none lost")
    }

    /// Starts a writer, waits for `afterLines` lines after "ready", kills the server, and
    /// returns every line the writer printed before it gave up (blocking).
    static func killServerUnderWriter(_ tool: URL, server: PostgresServerProcess, url: String, afterLines: Int) throws -> [String] {
        let child = try SpawnedChild(tool, ["write", "unused", "--store", "postgres", url], stderrFile: URL(fileURLWithPath: "/dev/null"))
        defer { child.reap() }
        try child.waitUntilReady()
        var lines: [String] = []
        for _ in 0..<afterLines {
            guard let line = try child.readLine(timeout: .seconds(20)) else {
                throw SpawnedChild.Failure(description: "the writer stopped")
            }
            lines.append(line)
        }
        server.crash()
        while let line = try child.readLine(timeout: .seconds(10)) { lines.append(line) }
        let ending = try child.wait(timeout: .seconds(10))
        guard ending == .exited(1) else { throw SpawnedChild.Failure(description: "the writer \(ending) when its server died") }
        return lines
    }

    /// Starts one `mixed` process per writer at once and returns how each ended and its last line (blocking).
    static func runMixed(_ tool: URL, goPath: String, url: String) throws -> [(SpawnedChild.Ending, String?)] {
        let children = try (0..<writers).map {
            try SpawnedChild(tool, ["mixed", goPath, String($0), String(eachWriter), "--store", "postgres", url])
        }
        defer {
            for child in children { child.reap() }
        }
        for child in children { try child.waitUntilReady() }
        try Data().write(to: URL(fileURLWithPath: goPath + ".go"))
        return try children.map { child in
            let line = try child.readLine(timeout: .seconds(120))
            return (try child.wait(timeout: .seconds(10)), line)
        }
    }

    /// Runs the program with `arguments` and returns its exit status and stderr (blocking).
    static func runProgram(_ program: URL, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try Processes.ChildProcess.run([program.path] + arguments)
        return (result.status ?? -1, result.errorText)
    }
}
