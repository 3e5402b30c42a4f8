import FaultTestSupport
import Favorites
import FavoritesTesting
import Foundation
import Postgres
import PostgresFavorites
import PostgresTesting
import SQLiteFavorites
import SQLiteFavoritesTesting
import TestSupport
import Testing

/// Two `favorites update` processes, one changing the note and one the rating of one favourite,
/// started while another connection holds the write lock, so both wait for it together: once it
/// is released, both changes are there, on SQLite and on PostgreSQL. A store that read the
/// favourite, then wrote its note and rating back whole, would lose one of them.
/// One at a time: both processes must reach the database while the lock is held, which the
/// start-up of another test's processes would make less likely.
@Suite(.onOwnThread, .serialized) struct ConcurrentUpdateTests {
    static let id = 1_009_610
    static let original = (note: "original note", rating: 2)
    static let changed = (note: "changed note", rating: 5)
    /// How long the lock is held: long enough for both processes to start and reach the
    /// database, well within the program's 5 s busy and statement time-outs.
    static let hold: UInt32 = 2_500_000

    @Test func sqliteKeepsBothChangesOfTwoUpdatesWaitingForOneLock() async throws {
        let directory = try ScratchDirectory(prefix: "excelsior-updates")
        defer { directory.remove() }
        let store = ["--data-dir", directory.url.path]
        let database = directory.path(SQLiteFavoritesStore.fileName)
        let added = try await Self.run(["add", String(Self.id)] + Self.originalValues + store)
        #expect(added.ending == .exited(0), "\(added.stderr)")

        let updates = try await onOwnThread {
            try Self.updatesWaiting(store: store, lock: { try DatabaseLockHolder(path: database) }, release: { $0.release() })
        }
        Self.expectBothUpdated(updates)
        let stored = try #require(try SQLiteFavoritesStore(path: database).favorite(characterID: Self.id))
        #expect(stored.note == Self.changed.note && stored.rating == Self.changed.rating, "stored \(stored)")
    }

    @Test(.enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
    func postgresKeepsBothChangesOfTwoUpdatesWaitingForOneLock() async throws {
        let url = try await onOwnThread { try PostgresServerProcess.shared().createDatabase() }
        let store = ["--store", "postgres", "--database-url", url]
        let added = try await Self.run(["add", String(Self.id)] + Self.originalValues + store)
        #expect(added.ending == .exited(0), "\(added.stderr)")

        let updates = try await onOwnThread {
            try Self.updatesWaiting(
                store: store,
                lock: {
                    let holder = try PostgresConnection(configuration: PostgresServerProcess.configuration(url))
                    // Readers go on; every writer of the table waits.
                    try holder.run("BEGIN; LOCK TABLE favorites IN EXCLUSIVE MODE")
                    return holder
                },
                release: { try? $0.run("ROLLBACK") })
        }
        Self.expectBothUpdated(updates)
        let stored = try await onOwnThread { try PostgresFavoritesStore(url: url).favorite(characterID: Self.id) }
        #expect(stored?.note == Self.changed.note && stored?.rating == Self.changed.rating, "stored \(String(describing: stored))")
    }

    static var originalValues: [String] { ["--note", original.note, "--rating", String(original.rating)] }

    /// What one run of the program did.
    struct Outcome: Sendable {
        let ending: SpawnedChild.Ending
        let stdout: String
        let stderr: String
    }

    /// Takes the lock with `lock`, starts one update of the note and one of the rating, holds
    /// the lock for `hold`, releases it with `release` and waits for both (blocking).
    static func updatesWaiting<Lock>(store: [String], lock: () throws -> Lock, release: (Lock) -> Void) throws -> [Outcome] {
        let holder = try lock()
        var released = false
        defer { if !released { release(holder) } }
        let started = try [["--note", changed.note], ["--rating", String(changed.rating)]].map {
            try Started(["update", String(id)] + $0 + store)
        }
        usleep(hold)
        release(holder)
        released = true
        return try started.map { try $0.finish() }
    }

    static func expectBothUpdated(_ outcomes: [Outcome], sourceLocation: SourceLocation = #_sourceLocation) {
        for outcome in outcomes {
            #expect(outcome.ending == .exited(0), "\(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(outcome.stdout == "Updated Spider-Man (\(id)).\n", sourceLocation: sourceLocation)
        }
    }

    /// Runs the program with `arguments` to its end, off the shared pool.
    static func run(_ arguments: [String]) async throws -> Outcome {
        try await onOwnThread { try Started(arguments).finish() }
    }

    /// The program started with `arguments`, its stderr in a file of its own.
    final class Started {
        let child: SpawnedChild
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-update-\(UUID().uuidString)")

        init(_ arguments: [String]) throws {
            child = try SpawnedChild(try LimitedRun.program(), ["favorites"] + arguments, stderrFile: stderrFile)
        }

        /// Waits for the program to end and returns what it did (blocking).
        func finish() throws -> Outcome {
            defer { try? FileManager.default.removeItem(at: stderrFile) }
            var stdout = ""
            while let line = try child.readLine(timeout: .seconds(30)) { stdout += line + "\n" }
            let ending = try child.wait(timeout: .seconds(30))
            let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            return Outcome(ending: ending, stdout: stdout, stderr: stderr)
        }
    }
}
