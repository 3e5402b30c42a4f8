// The Favorites module: the user's own characters (Favorite, FavoritesStore and its SQLite store, FavoritesService). Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Favorites",
    layer: .feature,
    dependencies: ["DataProviders", "SQLite", "Postgres", "Repository"]
)
