// The Repository module: CharacterRepository, its cache-first implementation and cache policy. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Repository = Module.library(
        "Repository",
        layer: .domain,
        dependencies: ["DataProviders", "Storage"],
        testing: ["DataProviders"],
        tests: ["DataProviders", "DataProvidersTesting", "RepositoryTesting", "Storage", "StorageTesting", "TestSupport"]
    )
}
