// The Redis module: the RESP client and RedisCache, Storage's Caching over a Redis server. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Redis = Module.library(
        "Redis",
        layer: .data,
        dependencies: ["PayloadCoding", "Sockets", "Storage"]
    )
}
