// The executable: composition only, the one place where concrete types meet. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let CompositionRoot = Module(
        name: "CompositionRoot",
        kind: .app,
        layer: .app,
        dependencies: ["Client", "Commands", "DataProviders", "Emulator", "Favorites", "HTTP", "HTTPServer", "HTTPTypes", "Injection", "MarvelDataProviders", "Postgres", "PostgresFavorites", "Redis", "RedisStorage", "Repository", "SQLiteFavorites", "Storage"],
        testDependencies: ["Processes"]
    )
}
