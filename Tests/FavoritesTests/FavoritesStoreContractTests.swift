import Favorites
import FavoritesTesting
import TestSupport
import Testing

/// The store contract on the in-memory double, which other modules' tests use in its place; each
/// store adapter runs the same contract in its own tests.
@Suite struct FavoritesStoreContractTests {
    @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
    func inMemoryDouble(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
        try await FavoritesStoreContract.verify(spec, on: filling) { InMemoryFavoritesStore() }
    }
}
