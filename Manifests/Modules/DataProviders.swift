// The DataProviders module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "DataProviders",
    layer: .data,
    dependencies: ["Client"]
)
