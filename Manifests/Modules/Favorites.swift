// The Favorites module: the user's own characters (Favorite, FavoritesStore, the checks any store makes, FavoritesService) and their command, favorites. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Favorites = Module.feature(
        "Favorites",
        dependencies: ["Arguments", "CommandLineKit", "DataProviders", "Repository"],
        testing: ["TestSupport"],
        tests: ["Arguments", "CommandLineKit", "CommandLineKitTesting", "DataProviders", "DataProvidersTesting", "FavoritesTesting", "Repository", "RepositoryTesting", "TestSupport"],
        example: ["Arguments", "CommandLineKit", "DataProviders", "DataProvidersTesting", "FavoritesTesting", "RepositoryTesting"]
    )
}
