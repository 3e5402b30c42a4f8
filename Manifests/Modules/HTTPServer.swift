// The HTTPServer module: the loopback HTTP/1.1 server, its accept loop, limits and time-outs. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let HTTPServer = Module.library(
        "HTTPServer",
        layer: .infrastructure,
        dependencies: ["HTTP", "HTTPTypes", "Sockets"],
        testing: ["HTTPTypes"],
        tests: ["HTTP", "HTTPServerTesting", "HTTPTesting", "HTTPTypes", "HTTPTypesTesting", "Processes", "Sockets", "TestSupport"]
    )
}
