import Storage

/// `cache stats` and `cache clear` for a Redis cache: the namespace's keys on its server.
public struct RedisCacheMaintenance: CacheMaintenance {
    private let cache: RedisCache

    /// The keys `cache` keeps on its server.
    public init(cache: RedisCache) {
        self.cache = cache
    }

    /// The server, the namespace, and its entries and bytes.
    public func statistics() throws -> [CacheFigure] {
        let usage = try cache.usage()
        return [
            CacheFigure("server", .text(server)), CacheFigure("namespace", .text(cache.namespace)),
            CacheFigure("entries", .count(usage.count)), CacheFigure("bytes", .count(usage.bytes)),
        ]
    }

    /// Deletes the namespace's keys; says how many entries and bytes went.
    public func clear() throws -> String {
        let usage = try cache.usage()
        try cache.removeAll()
        return
            "Emptied the Redis cache at \(server) (keys under \(cache.namespace)): removed \(usage.count) entries (\(usage.bytes) bytes)."
    }

    /// The server's URL without its password.
    private var server: String { cache.client.configuration.redactedURL }
}
