// The Emulator module: the offline Marvel API (MarvelAPIEmulator, FixtureSet, the bundled fixtures). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Emulator = Module.adapter(
        "Emulator",
        dependencies: ["Client", "DataProviders", "HTTPTypes"],
        tests: ["Client", "DataProviders", "EmulatorTesting", "HTTP", "HTTPTypes", "TestSupport"],
        resources: ["Resources/Fixtures"]
    )
}
