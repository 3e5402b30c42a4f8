// The Redis module: the RESP client (commands, connections, a pool, time-outs) for a Redis server. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Redis = Module.library(
        "Redis",
        layer: .infrastructure,
        dependencies: ["Redaction", "Sockets"],
        testing: ["Sockets"],
        tests: ["RedisTesting", "TestSupport"]
    )
}
