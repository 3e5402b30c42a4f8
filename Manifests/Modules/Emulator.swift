// The Emulator module: the offline Marvel API (MarvelAPIEmulator, FixtureSet, the bundled fixtures). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Emulator = Module.library(
        "Emulator",
        layer: .adapter,
        dependencies: ["Client", "DataProviders", "HTTPTypes"],
        testDependencies: ["HTTP", "MarvelDataProviders"],
        resources: ["Resources/Fixtures"]
    )
}
