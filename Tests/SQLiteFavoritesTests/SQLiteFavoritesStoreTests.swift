import Favorites
import FavoritesTesting
import Foundation
import SQLite
import SQLiteFavorites
import SQLiteFavoritesTesting
import TestSupport
import Testing

@Suite(.onOwnThread) struct SQLiteFavoritesStoreTests {
    private func sample(_ id: Int) -> Favorite {
        Favorite(characterID: id, name: "Hero \(id)", note: "n", rating: 4, addedAt: FavoritesStoreContract.date(Double(id)))
    }

    @Test func favoritesSurviveReopeningTheFile() throws {
        let scratch = try ScratchDirectory()
        do {
            let store = try SQLiteFavoritesStore(directory: scratch.url)
            try store.add(sample(1))
            try store.add(sample(2))
        }
        let reopened = try SQLiteFavoritesStore(directory: scratch.url)
        #expect(try reopened.list() == [sample(1), sample(2)])
        #expect(reopened.path == scratch.path(SQLiteFavoritesStore.fileName))
        #expect(try reopened.integrityProblems() == [])
        #expect(try Database(path: reopened.path).userVersion() == FavoritesSchema.migrations.count)
    }

    @Test func twoStoresOnOneFileWritingAtOnceLoseNothing() async throws {
        let scratch = try ScratchDirectory()
        let stores = [try SQLiteFavoritesStore(directory: scratch.url), try SQLiteFavoritesStore(directory: scratch.url)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for id in 1...100 { try store.add(self.sample(index * 1000 + id)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try stores[0].count() == 200)
        #expect(try stores[1].list().count == 200)
    }

    @Test func aLockHeldPastTheBusyTimeOutIsBusy() throws {
        let scratch = try ScratchDirectory()
        let store = try SQLiteFavoritesStore(directory: scratch.url, busyTimeout: .milliseconds(50))
        let holder = try Database(path: store.path)
        try holder.transaction { connection in
            try connection.run("DELETE FROM favorites")
            #expect(throws: FavoritesError.busy(path: store.path)) { try store.add(sample(1)) }
        }
        #expect(FavoritesError.busy(path: "x").description.contains("temporarily unavailable, try again"))
        try store.add(sample(1))
    }

    @Test(arguments: DatabaseDamage.allCases)
    func aDamagedFileIsRefusedAndLeftByteForByte(_ damage: DatabaseDamage) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path(SQLiteFavoritesStore.fileName)
        do {
            let store = try SQLiteFavoritesStore(path: path)
            for id in 1...200 { try store.add(sample(id)) }
        }
        try damage.apply(to: path)
        let before = try DatabaseDamage.snapshot(of: path)
        let error = try #require(throws: FavoritesError.self) {
            let store = try SQLiteFavoritesStore(directory: scratch.url)
            try store.add(sample(999))
        }
        guard case .damaged(let reported, _) = error else {
            Issue.record("expected .damaged, got \(error)")
            return
        }
        #expect(reported == path)
        #expect(try DatabaseDamage.snapshot(of: path) == before)
    }

    @Test func aDataDirectoryThatCannotBeCreatedIsNamed() throws {
        let scratch = try ScratchDirectory()
        let blocker = scratch.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let directory = blocker.appendingPathComponent("excelsior")
        let error = try #require(throws: FavoritesError.self) { try SQLiteFavoritesStore(directory: directory) }
        guard case .cannotCreateDirectory(let path, _) = error else {
            Issue.record("expected .cannotCreateDirectory, got \(error)")
            return
        }
        #expect(path == directory.path)
    }

    @Test func aNewerSchemaIsRefusedNamingBothVersions() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path(SQLiteFavoritesStore.fileName)
        _ = try Database(path: path, migrations: FavoritesSchema.migrations + [Migration(version: 3, sql: "CREATE TABLE later (x)")])
        let error = try #require(throws: FavoritesError.self) { try SQLiteFavoritesStore(path: path) }
        #expect(error == .newerSchema(path: path, version: 3, known: 2))
        #expect(error.description.contains("schema version 3, newer than the version 2 this program knows"))
    }

    @Test(arguments: HostileFavoriteRow.allCases)
    func aRowAnotherProgramSpoiledIsRefusedNamingItAndCanBeRemoved(_ row: HostileFavoriteRow) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path(SQLiteFavoritesStore.fileName)
        do {
            let store = try SQLiteFavoritesStore(path: path)
            for id in 1...3 { try store.add(sample(id)) }
        }
        try row.apply(to: path, characterID: 2)
        let id = row.characterID(spoiling: 2)
        let store = try SQLiteFavoritesStore(path: path)
        let reads: [@Sendable () throws -> Void] = [{ _ = try store.list() }, { _ = try store.favorite(characterID: id) }]
        for read in reads {
            let error = try #require(throws: FavoritesError.self) { try read() }
            guard case .unreadableFavorite(let reported, let reportedID, let reason) = error else {
                Issue.record("\(row): expected .unreadableFavorite, got \(error)")
                continue
            }
            #expect(reported == path && reportedID == id && reason.contains(row.column), "\(row): \(reason)")
        }
        #expect(try store.favorite(characterID: 3) == sample(3))
        try store.remove(characterID: id)
        #expect(try store.list() == [sample(1), sample(3)])
    }

    @Test func writingADatabaseThatIsReadOnlyIsRefusedAsReadOnly() throws {
        let scratch = try ScratchDirectory()
        let store = try SQLiteFavoritesStore(directory: scratch.url)
        try store.add(sample(1))
        let reader = try Database(path: store.path)
        let error = try #require(throws: SQLiteError.self) {
            try reader.read { try $0.execute("PRAGMA query_only = ON; DELETE FROM favorites") }
        }
        #expect(error.kind == .readOnly)
        #expect(FavoritesError.readOnly(path: "x").description.contains("read-only"))
    }
}
