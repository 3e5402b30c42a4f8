// The Arguments module: a declarative command-line parser; each option declared once, errors and usage derived. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Arguments",
    layer: .foundation,
    dependencies: [],
    testing: false
)
