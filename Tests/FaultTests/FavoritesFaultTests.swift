import FaultTestSupport
import Favorites
import FavoritesTortureKit
import Foundation
import SQLiteFavorites
import StorageTesting
import TestSupport
import Testing

/// Tests that run `favorites-torture` processes on one SQLite file; one at a time, so they do not
/// starve each other.
@Suite(.onOwnThread, .serialized) struct FavoritesFaultTests {
    static let kills = 30

    /// A writer killed with SIGKILL at random moments, often inside a transaction, leaves a
    /// database that passes `PRAGMA integrity_check` and holds every favourite it committed,
    /// each complete, and no update rolled back.
    @Test func aWriterKilledInTheMiddleOfTransactionsLosesNothingCommitted() async throws {
        let seed = FaultSeed.make(for: "favorites-crash")
        var random = SeededRandom(seed: seed)
        let tool = try SpawnedChild.tortureTool("favorites-torture")
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("favorites.sqlite").path

        var committed = 0
        var generations: [Int: Int] = [:]
        var killsInsideATransaction = 0
        for run in 1...Self.kills {
            let announcements = 1 + Int(random.next() % 40)
            let delay = UInt32(random.next() % 3_000)
            let log = try await onOwnThread { try Self.killWriter(tool, path: path, afterAnnouncements: announcements, delay: delay) }
            for line in log {
                let words = line.split(separator: " ")
                if words.first == "added", let id = Int(words[1]) { committed = max(committed, id) }
                if words.first == "updated", let id = Int(words[1]), let generation = Int(words[2]) { generations[id] = generation }
            }
            if let last = log.last, last.hasPrefix("adding") || last.hasPrefix("updating") { killsInsideATransaction += 1 }

            // What a program starting after the crash sees.
            let store = try SQLiteFavoritesStore(path: path)
            #expect(try store.integrityProblems() == [], "kill \(run); seed \(seed)")
            let favorites = try store.list()
            let ids = favorites.map(\.characterID).sorted()
            #expect(
                ids == Array(1..<(ids.count + 1)) && ids.count >= committed && ids.count <= committed + 1,
                "kill \(run): \(committed) favourites were committed, the file holds ids \(ids.prefix(3))… (\(ids.count)); seed \(seed)")
            for favorite in favorites {
                do {
                    let generation = try TortureFavorite.verify(favorite)
                    #expect(
                        generation >= generations[favorite.characterID, default: 0],
                        "kill \(run): favourite \(favorite.characterID) went back to generation \(generation); seed \(seed)")
                } catch {
                    Issue.record("kill \(run): \(error); seed \(seed)")
                }
            }
            committed = max(committed, ids.count)
        }
        print(
            "FaultTests.favorites-crash: \(Self.kills) kills, \(killsInsideATransaction) announced inside a transaction, "
                + "\(committed) favourites and \(generations.count) updates committed")
        #expect(committed > Self.kills, "the writer must have committed in most runs; seed \(seed)")
    }

    /// Starts a writer, waits for `afterAnnouncements` lines after "ready", waits `delay` µs more,
    /// kills it with SIGKILL, and returns every line it printed (blocking).
    static func killWriter(_ tool: URL, path: String, afterAnnouncements: Int, delay: UInt32) throws -> [String] {
        let child = try SpawnedChild(tool, ["write", path])
        defer { child.reap() }
        try child.waitUntilReady()
        var lines: [String] = []
        for _ in 0..<afterAnnouncements {
            guard let line = try child.readLine(timeout: .seconds(20)) else {
                throw SpawnedChild.Failure(description: "the writer stopped")
            }
            lines.append(line)
        }
        usleep(delay)
        child.send(SIGKILL)
        let ending = try child.wait(timeout: .seconds(10))
        guard ending == .signaled(SIGKILL) else { throw SpawnedChild.Failure(description: "the writer \(ending) before it was killed") }
        while let line = try child.readLine(timeout: .seconds(5)) { lines.append(line) }
        return lines
    }

    static let writers = 4
    static let eachWriter = 400

    /// Four processes adding, updating and removing favourites of their own in one file at once
    /// (they start together once all are ready) lose nothing: every one ends exactly as its
    /// writer left it.
    @Test func fourProcessesWritingAtOnceLoseNothing() async throws {
        let tool = try SpawnedChild.tortureTool("favorites-torture")
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("favorites.sqlite").path
        let started = ContinuousClock.now
        let endings = try await onOwnThread { try Self.runMixed(tool, path: path) }
        let elapsed = ContinuousClock.now - started
        for (writer, (ending, line)) in endings.enumerated() {
            #expect(ending == .exited(0), "writer \(writer) \(ending)")
            #expect(line == "done", "writer \(writer) printed \(line ?? "nothing")")
        }

        let store = try SQLiteFavoritesStore(path: path)
        #expect(try store.integrityProblems() == [])
        let kept = (0..<Self.eachWriter).filter { !TortureFavorite.isRemoved(index: $0) }
        #expect(try store.count() == Self.writers * kept.count)
        for writer in 0..<Self.writers {
            for index in 0..<Self.eachWriter {
                let id = TortureFavorite.firstID(writer: writer) + index
                let favorite = try store.favorite(characterID: id)
                if TortureFavorite.isRemoved(index: index) {
                    #expect(favorite == nil, "favourite \(id) was removed, but is there")
                    continue
                }
                guard let favorite else {
                    Issue.record("favourite \(id) of writer \(writer) was lost")
                    continue
                }
                #expect(try TortureFavorite.verify(favorite) == 1, "favourite \(id) lost its update")
            }
        }
        let operations = Self.writers * (2 * Self.eachWriter + Self.eachWriter - kept.count)
        print("FaultTests.favorites-processes: \(Self.writers) processes, \(operations) transactions in \(elapsed)")
    }

    static let creationRounds = 20
    static let creators = 8

    /// `creators` processes opening one database that does not exist yet, released at the same
    /// moment (each waits for `FILE.go`), all create it and add their favourite, `creationRounds`
    /// times over: none is refused as busy or as another program's file, and each file holds all.
    @Test func processesCreatingOneNewDatabaseAtOnceAllSucceed() async throws {
        let tool = try SpawnedChild.tortureTool("favorites-torture")
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        defer { directory.remove() }
        let started = ContinuousClock.now
        var failures: [String] = []
        for round in 1...Self.creationRounds {
            let path = directory.url.appendingPathComponent("favorites-\(round).sqlite").path
            let endings = try await onOwnThread { try Self.runCreators(tool, path: path) }
            for (creator, (ending, line, stderr)) in endings.enumerated() where ending != .exited(0) || line != "done" {
                failures.append("round \(round), creator \(creator): \(ending), \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            let store = try SQLiteFavoritesStore(path: path)
            #expect(try store.count() == endings.filter { $0.0 == .exited(0) }.count, "round \(round)")
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.creationRounds * Self.creators) failed: \(failures.prefix(5))")
        print("FaultTests.favorites-creation: \(Self.creationRounds) rounds of \(Self.creators) in \(ContinuousClock.now - started)")
    }

    /// Starts `creators` `create` processes on `path`, releases them together and returns how
    /// each ended, its last line and its stderr (blocking).
    static func runCreators(_ tool: URL, path: String) throws -> [(SpawnedChild.Ending, String?, String)] {
        let errors = (0..<creators).map { URL(fileURLWithPath: path + ".stderr-\($0)") }
        let children = try (0..<creators).map {
            try SpawnedChild(tool, ["create", path, String(TortureFavorite.firstID(writer: $0))], stderrFile: errors[$0])
        }
        defer {
            for child in children { child.reap() }
        }
        for child in children { try child.waitUntilReady() }
        try Data().write(to: URL(fileURLWithPath: path + ".go"))
        return try zip(children, errors).map { child, error in
            let line = try child.readLine(timeout: .seconds(30))
            let ending = try child.wait(timeout: .seconds(10))
            return (ending, line, (try? String(contentsOf: error, encoding: .utf8)) ?? "")
        }
    }

    /// Starts one `mixed` process per writer at once and returns how each ended and its last line (blocking).
    static func runMixed(_ tool: URL, path: String) throws -> [(SpawnedChild.Ending, String?)] {
        let children = try (0..<writers).map { try SpawnedChild(tool, ["mixed", path, String($0), String(eachWriter)]) }
        defer {
            for child in children { child.reap() }
        }
        for child in children { try child.waitUntilReady() }
        try Data().write(to: URL(fileURLWithPath: path + ".go"))
        return try children.map { child in
            let line = try child.readLine(timeout: .seconds(60))
            return (try child.wait(timeout: .seconds(10)), line)
        }
    }
}
