// The HTTP module: requests, responses, the HTTP/1.1 wire format, the client transports and their decorators. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let HTTP = Module.library(
        "HTTP",
        layer: .infrastructure,
        dependencies: ["Sockets"]
    )
}
