// The PostgresFavorites module: Favorites' FavoritesStore on a PostgreSQL server (PostgresFavoritesStore, its schema and change listener). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let PostgresFavorites = Module.adapter(
        "PostgresFavorites",
        dependencies: ["Favorites", "Postgres"],
        testing: nil,
        tests: ["Favorites", "FavoritesTesting", "Postgres", "PostgresTesting", "TestSupport"]
    )
}
