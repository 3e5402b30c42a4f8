// The Favorites module: the user's own characters (Favorite, FavoritesStore and its SQLite and PostgreSQL stores, FavoritesService). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Favorites = Module.library(
        "Favorites",
        layer: .feature,
        dependencies: ["DataProviders", "SQLite", "Postgres", "Repository"]
    )
}
