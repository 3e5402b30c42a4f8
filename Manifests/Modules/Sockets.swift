// The Sockets module: every POSIX socket call, with deadlines and bounded reads. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Sockets",
    layer: .foundation,
    dependencies: [],
    testing: false
)
