// The Browse module: the character browser, `list` and `show`, each command declared, read and run in its own file, with their rendering and the cache's report. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Browse = Module.feature(
        "Browse",
        dependencies: ["Arguments", "CommandLineKit", "DataProviders", "Repository", "Storage"],
        testing: ["DataProviders", "DataProvidersTesting", "Repository", "Storage"],
        tests: ["BrowseTesting", "CommandLineKit", "CommandLineKitTesting", "DataProviders", "DataProvidersTesting", "Repository", "RepositoryTesting", "Storage", "TestSupport"],
        example: ["Arguments", "CommandLineKit", "DataProviders", "DataProvidersTesting", "RepositoryTesting", "Storage"]
    )
}
