import Favorites
import FavoritesTesting
import TestSupport
import Testing

/// The store contract, on an SQLite file, an SQLite in-memory database and the in-memory double.
@Suite(.onOwnThread) struct FavoritesStoreContractTests {
    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func sqliteFileStore(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        let scratch = try ScratchDirectory()
        try await FavoritesStoreContract.verify(spec, on: filling) { try SQLiteFavoritesStore(directory: scratch.url) }
    }

    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func sqliteInMemoryStore(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        try await FavoritesStoreContract.verify(spec, on: filling) { try SQLiteFavoritesStore.inMemory() }
    }

    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func inMemoryDouble(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        try await FavoritesStoreContract.verify(spec, on: filling) { InMemoryFavoritesStore() }
    }
}
