// The RedisStorage module: Storage's Caching over a Redis server (RedisCache), and its maintenance for `cache stats` and `cache clear`. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let RedisStorage = Module.adapter(
        "RedisStorage",
        dependencies: ["PayloadCoding", "Redis", "Storage"],
        testing: nil,
        tests: ["PayloadCoding", "Redis", "RedisTesting", "Storage", "StorageTesting", "TestSupport"]
    )
}
