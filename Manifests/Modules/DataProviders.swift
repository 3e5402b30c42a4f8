// The DataProviders module: characters, their queries and what those mean, and where characters come from. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let DataProviders = Module.library(
        "DataProviders",
        layer: .data,
        dependencies: [],
        tests: ["DataProvidersTesting", "TestSupport"]
    )
}
