// The Favorites module: the user's own characters in SQLite. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Favorites",
    layer: .feature,
    dependencies: ["DataProviders", "SQLite", "Repository"]
)
