// The PayloadCoding module: the binary Codable format cache entries are written in. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "PayloadCoding",
    layer: .foundation,
    dependencies: [],
    testing: false
)
