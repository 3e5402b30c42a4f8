// The executable: composition only, the one place where concrete types meet. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "CompositionRoot",
    kind: .app,
    layer: .app,
    dependencies: ["Client", "Commands", "DataProviders", "Emulator", "Favorites", "HTTP", "Injection", "Postgres", "Redis", "Repository", "Storage"]
)
