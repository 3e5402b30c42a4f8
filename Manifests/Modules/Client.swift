// The Client module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Client",
    layer: .data,
    dependencies: []
)
