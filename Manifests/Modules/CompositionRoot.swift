// The executable: composition only, the one place where concrete types meet. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let CompositionRoot = Module.app(
        "CompositionRoot",
        dependencies: ["Client", "Commands", "DataProviders", "Emulator", "Favorites", "HTTP", "HTTPServer", "HTTPTypes", "Injection", "MarvelDataProviders", "Postgres", "PostgresFavorites", "Redis", "RedisStorage", "Repository", "SQLiteFavorites", "Storage"],
        tests: ["Commands", "DataProviders", "Favorites", "FavoritesTesting", "Injection", "Postgres", "PostgresTesting", "Processes", "Redis", "RedisTesting", "Repository", "RepositoryTesting", "SQLiteFavorites", "SQLiteFavoritesTesting", "TestSupport"]
    )
}
