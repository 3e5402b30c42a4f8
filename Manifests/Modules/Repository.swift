// The Repository module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Repository",
    layer: .domain,
    dependencies: ["DataProviders", "Storage"]
)
