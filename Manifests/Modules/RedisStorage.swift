// The RedisStorage module: Storage's Caching over a Redis server (RedisCache), and its maintenance for `cache stats` and `cache clear`. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let RedisStorage = Module.library(
        "RedisStorage",
        layer: .adapter,
        dependencies: ["PayloadCoding", "Redis", "Storage"],
        testing: false
    )
}
