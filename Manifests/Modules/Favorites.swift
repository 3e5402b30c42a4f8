// The Favorites module: the user's own characters (Favorite, FavoritesStore, the checks any store makes, FavoritesService). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Favorites = Module.library(
        "Favorites",
        layer: .feature,
        dependencies: ["DataProviders", "Repository"]
    )
}
