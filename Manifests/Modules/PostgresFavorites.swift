// The PostgresFavorites module: Favorites' FavoritesStore on a PostgreSQL server (PostgresFavoritesStore, its schema and change listener). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let PostgresFavorites = Module.library(
        "PostgresFavorites",
        layer: .adapter,
        dependencies: ["Favorites", "Postgres"],
        testing: false
    )
}
