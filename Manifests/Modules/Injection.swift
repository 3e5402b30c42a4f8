// The Injection module: Component, single, factory, Container and its errors; only CompositionRoot imports it. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Injection",
    layer: .foundation,
    dependencies: []
)
