// The executable: the only place where concrete types meet. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "CompositionRoot",
    kind: .app,
    layer: .app,
    dependencies: ["Client", "DataProviders", "Emulator", "Favorites", "HTTP", "HTTPServer", "Injection", "Redis", "Repository", "Storage"]
)
