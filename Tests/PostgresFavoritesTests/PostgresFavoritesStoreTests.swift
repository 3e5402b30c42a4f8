import Favorites
import FavoritesTesting
import Foundation
import Postgres
import PostgresFavorites
import PostgresTesting
import TestSupport
import Testing

/// `PostgresFavoritesStore` on a server of the tests' own: the contract, two machines adding one
/// character, rows another program wrote, a newer schema, and changes from other processes.
@Suite(.onOwnThread, .enabled(if: PostgresServerProcess.isInstalled, Comment(rawValue: PostgresServerProcess.installHint)))
struct PostgresFavoritesStoreTests {
    private func freshDatabase() throws -> PostgresConfiguration {
        try PostgresServerProcess.configuration(try PostgresServerProcess.shared().createDatabase())
    }

    private func sample(_ id: Int) -> Favorite {
        Favorite(characterID: id, name: "Hero \(id)", note: "n", rating: 4, addedAt: FavoritesStoreContract.date(Double(id)))
    }

    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func meetsTheContract(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        let configuration = try freshDatabase()
        try await FavoritesStoreContract.verify(spec, on: filling) { try PostgresFavoritesStore(configuration: configuration) }
    }

    @Test func twoMachinesAddingOneCharacterAtOnceMakeOneWinner() async throws {
        let configuration = try freshDatabase()
        let stores = [try PostgresFavoritesStore(configuration: configuration), try PostgresFavoritesStore(configuration: configuration)]
        for id in 1...20 {
            let outcomes = await withTaskGroup(of: Result<Void, FavoritesError>.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        Result { () throws(FavoritesError) in
                            try store.add(Favorite(characterID: id, name: "Machine \(index)", addedAt: FavoritesStoreContract.date(0)))
                        }
                    }
                }
                var outcomes: [Result<Void, FavoritesError>] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let winners = outcomes.filter { if case .success = $0 { true } else { false } }
            #expect(winners.count == 1, "character \(id): \(outcomes)")
            let stored = try #require(try stores[0].favorite(characterID: id))
            let refusals = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            #expect(refusals == [.alreadyFavorite(characterID: id, name: stored.name)])
        }
    }

    @Test func storesOnOneDatabaseShareTheirFavorites() throws {
        let configuration = try freshDatabase()
        try PostgresFavoritesStore(configuration: configuration).add(sample(1))
        let other = try PostgresFavoritesStore(configuration: configuration)
        #expect(try other.list() == [sample(1)])
    }

    @Test(arguments: [
        ("ALTER TABLE favorites DROP CONSTRAINT favorites_rating_check; UPDATE favorites SET rating = 9", "rating is 9"),
        ("UPDATE favorites SET note = repeat('x', 600)", "600 characters"),
        ("UPDATE favorites SET note = E'two\\nlines'", "control characters"),
        ("UPDATE favorites SET added_at = '1969-12-31 00:00:00+00'", "added_at"),
        ("UPDATE favorites SET updated_at = 'infinity'", "timestamp"),
        ("ALTER TABLE favorites ALTER COLUMN name DROP NOT NULL; UPDATE favorites SET name = NULL", "name"),
    ])
    func aRowAnotherProgramSpoiledIsRefusedAndCanBeRemoved(_ spoiling: String, _ reason: String) throws {
        let configuration = try freshDatabase()
        let store = try PostgresFavoritesStore(configuration: configuration)
        try store.add(sample(7))
        try PostgresConnection(configuration: configuration).run(spoiling)
        do {
            _ = try store.list()
            Issue.record("a spoiled row was read")
        } catch {
            guard case .unreadableFavorite(_, let id, let found) = error else {
                Issue.record("expected unreadableFavorite, got \(error)")
                return
            }
            #expect(id == 7)
            #expect(found.contains(reason), "\(found)")
            #expect(!error.description.contains(PostgresServerProcess.password))
        }
        #expect(throws: FavoritesError.self) { try store.favorite(characterID: 7) }
        try store.remove(characterID: 7)
        #expect(try store.count() == 0)
    }

    @Test func aNewerSchemaIsRefusedNamingBothVersions() throws {
        let configuration = try freshDatabase()
        _ = try PostgresFavoritesStore(configuration: configuration)
        try PostgresConnection(configuration: configuration).run("INSERT INTO favorites_migrations (version) VALUES (7)")
        #expect(throws: FavoritesError.newerSchema(path: configuration.target, version: 7, known: 1)) {
            try PostgresFavoritesStore(configuration: configuration)
        }
    }

    @Test func anotherProcesssChangesArriveOnTheStream() async throws {
        let configuration = try freshDatabase()
        let watcher = try PostgresFavoritesStore(configuration: configuration)
        let writer = try PostgresFavoritesStore(configuration: configuration)
        let stream = watcher.changes()
        let expected: [FavoriteChange] = [
            .added(characterID: 1), .added(characterID: 2), .updated(characterID: 2), .removed(characterID: 2), .removed(characterID: 1),
        ]
        let collector = Task {
            var received: [FavoriteChange] = []
            for await change in stream {
                received.append(change)
                if received.count == expected.count { break }
            }
            return received
        }
        try watcher.add(sample(1))
        try writer.add(sample(2))
        try writer.update(sample(2).updated(note: "changed", rating: nil, at: FavoritesStoreContract.date(9)))
        try writer.remove(characterID: 2)
        try writer.remove(characterID: 1)
        // The server delivers at once and the listener polls every 0.1 s; the guard is loose
        // because tests running beside this one can hold the runner's few threads for seconds.
        let limit = Task {
            try await Task.sleep(for: .seconds(5))
            collector.cancel()
        }
        let received = await collector.value
        limit.cancel()
        #expect(received == expected)
    }

    @Test func theChangeStreamListensAgainAfterTheServerComesBack() async throws {
        let server = try PostgresServerProcess.start()
        let configuration = try PostgresServerProcess.configuration(server.url())
        let watcher = try PostgresFavoritesStore(configuration: configuration)
        let stream = watcher.changes()
        let collector = Task { () -> FavoriteChange? in
            for await change in stream { return change }
            return nil
        }
        try server.restart()
        let writer = try PostgresFavoritesStore(configuration: configuration)
        // Changes committed before the listener has reconnected are not replayed (documented),
        // so the writer adds one favourite after another until the watcher hears one.
        let limit = Task {
            try await Task.sleep(for: .seconds(20))
            collector.cancel()
        }
        let adding = Task {
            var id = 1
            while !Task.isCancelled {
                try writer.add(sample(id))
                id += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let heard = await collector.value
        adding.cancel()
        limit.cancel()
        guard case .added(let id) = heard else {
            Issue.record("the watcher heard nothing after the restart")
            return
        }
        #expect(try writer.favorite(characterID: id) != nil)
    }
}
