// The HTTP module: the HTTP/1.1 wire format, the client transports (a plain socket, URLSession) and their decorators (retry, ETag, deadline, lazy). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let HTTP = Module.library(
        "HTTP",
        layer: .infrastructure,
        dependencies: ["HTTPTypes", "Sockets"],
        testing: ["HTTPTypes", "Sockets"],
        tests: ["HTTPTesting", "HTTPTypes", "HTTPTypesTesting", "Sockets", "TestSupport"]
    )
}
