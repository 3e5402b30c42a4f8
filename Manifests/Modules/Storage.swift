// The Storage module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Storage",
    layer: .infrastructure,
    dependencies: ["PayloadCoding"]
)
