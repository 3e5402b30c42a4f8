// The DataProviders module: characters, their queries and what those mean, and where characters come from. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "DataProviders",
    layer: .data,
    dependencies: ["Client"],
    testDependencies: ["HTTP"]
)
