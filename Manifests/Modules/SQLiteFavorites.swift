// The SQLiteFavorites module: Favorites' FavoritesStore in an SQLite file (SQLiteFavoritesStore, its schema and row checks). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let SQLiteFavorites = Module.adapter(
        "SQLiteFavorites",
        dependencies: ["Favorites", "SQLite"],
        testing: ["SQLite"],
        tests: ["Favorites", "FavoritesTesting", "SQLite", "SQLiteFavoritesTesting", "TestSupport"]
    )
}
