// The executable: parse, compose with CompositionRootKit, run, exit. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let CompositionRoot = Module.app(
        "CompositionRoot",
        dependencies: ["CommandLineKit", "Commands", "CompositionRootKit", "Injection"],
        tests: ["Browse", "CommandLineKit", "Commands", "CompositionRootKit", "DataProviders", "Favorites", "FavoritesTesting", "Injection", "Postgres", "PostgresTesting", "Processes", "Redis", "RedisTesting", "Repository", "RepositoryTesting", "SQLite", "SQLiteFavorites", "SQLiteFavoritesTesting", "TestSupport"]
    )
}
