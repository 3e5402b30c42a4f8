// The Injection module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Injection",
    layer: .foundation,
    dependencies: []
)
