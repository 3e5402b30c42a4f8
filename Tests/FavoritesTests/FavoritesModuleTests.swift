import Favorites
import FavoritesTesting
import Testing

@Test func moduleMatchesItsManifest() {
    #expect(FavoritesModule.name == "Favorites")
    #expect(FavoritesModule.dependencies == ["Persistence", "Repository"])
    #expect(FavoritesDoubles.module == FavoritesModule.name)
}
