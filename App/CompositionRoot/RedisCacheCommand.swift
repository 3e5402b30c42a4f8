import Redis

/// `cache stats` and `cache clear` with `--cache redis`: the namespace's keys on the server.
struct RedisCacheCommand {
    let configuration: AppConfiguration
    let format: OutputFormat

    /// The server, the namespace, and its entries and bytes now.
    struct Report: Encodable {
        let server: String
        let namespace: String
        let entries: Int
        let bytes: Int
    }

    func statistics() throws -> String {
        let cache = configuration.makeRedisCache()
        let usage = try cache.usage()
        let report = Report(
            server: configuration.redis.redactedURL, namespace: cache.namespace, entries: usage.count, bytes: usage.bytes)
        if format == .json { return try CharacterJSON.text(report) }
        return """
            server     \(report.server)
            namespace  \(report.namespace)
            entries    \(report.entries)
            bytes      \(report.bytes)
            """
    }

    func clear() throws -> String {
        let cache = configuration.makeRedisCache()
        let usage = try cache.usage()
        try cache.removeAll()
        return "Emptied the Redis cache at \(configuration.redis.redactedURL) (keys under \(cache.namespace)): "
            + "removed \(usage.count) entries (\(usage.bytes) bytes)."
    }
}
