// The Commands module: the program around every command (the options all share, the parser that runs the reader of the command named, the backends' declarations, error reports) and the app's own commands, serve, graph and cache. Edit, then run `swift run workspace generate`.
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
