// The composition itself: every feature and backend assembled into one container, the one place concrete types meet. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let CompositionRootKit = Module.appKit(
        "CompositionRootKit",
        dependencies: ["Arguments", "Browse", "Client", "CommandLineKit", "Commands", "DataProviders", "Emulator", "Favorites", "HTTP", "HTTPServer", "HTTPTypes", "Injection", "MarvelDataProviders", "Postgres", "PostgresFavorites", "Redis", "RedisStorage", "Repository", "SQLite", "SQLiteFavorites", "Storage"]
    )
}
