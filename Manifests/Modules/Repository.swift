// The Repository module: CharacterRepository, its cache-first implementation and cache policy. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Repository",
    layer: .domain,
    dependencies: ["DataProviders", "Storage"]
)
