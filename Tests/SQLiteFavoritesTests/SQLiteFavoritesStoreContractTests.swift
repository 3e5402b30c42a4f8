import Favorites
import FavoritesTesting
import SQLiteFavorites
import TestSupport
import Testing

/// The store contract, on an SQLite file and on an SQLite in-memory database.
@Suite(.onOwnThread) struct SQLiteFavoritesStoreContractTests {
    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func sqliteFileStore(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        let scratch = try ScratchDirectory()
        try await FavoritesStoreContract.verify(spec, on: filling) { try SQLiteFavoritesStore(directory: scratch.url) }
    }

    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func sqliteInMemoryStore(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        try await FavoritesStoreContract.verify(spec, on: filling) { try SQLiteFavoritesStore.inMemory() }
    }
}
