// The HTTPServer module: the loopback HTTP/1.1 server, its accept loop, limits and time-outs. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "HTTPServer",
    layer: .infrastructure,
    dependencies: ["HTTP", "Sockets"]
)
