// The Emulator module: the offline Marvel API (MarvelAPIEmulator, FixtureSet, the bundled fixtures). Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Emulator",
    layer: .data,
    dependencies: ["Client", "DataProviders", "HTTP"],
    resources: ["Resources/Fixtures"]
)
