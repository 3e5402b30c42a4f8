// The Favorites module: the user's own characters (Favorite, FavoritesStore and its SQLite store, FavoritesService). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Favorites = Module.library(
        "Favorites",
        layer: .feature,
        dependencies: ["DataProviders", "SQLite", "Repository"]
    )
}
