// The Favorites module. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Favorites",
    layer: .feature,
    dependencies: ["Persistence", "Repository"]
)
