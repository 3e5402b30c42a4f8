// The HTTP module: requests, responses, the HTTP/1.1 wire format, the client transports and their decorators. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "HTTP",
    layer: .infrastructure,
    dependencies: ["Sockets"]
)
