// The Commands module: the command-line program, one type per command, rendering and terminal safety. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Commands = Module.library(
        "Commands",
        layer: .interface,
        dependencies: ["Arguments", "CommandLineKit", "DataProviders", "Redaction", "Storage"],
        testing: nil,
        tests: ["Arguments", "Browse", "BrowseTesting", "CommandLineKit", "CommandLineKitTesting", "DataProviders", "DataProvidersTesting", "Favorites", "FavoritesTesting", "Repository", "RepositoryTesting", "Storage", "TestSupport"]
    )
}
