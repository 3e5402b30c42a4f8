import Redis
import Storage

/// What the one warning line says when a read's cache failed: the answer came from the provider.
enum CacheWarning {
    /// The warning's text for `cache`, or nil when it did not fail (only a remote cache warns).
    static func text(for cache: any Caching) -> String? {
        guard let redis = cache as? RedisCache, let error = redis.lastError else { return nil }
        return "the Redis cache at \(redis.client.configuration.redactedURL) failed (\(error.description)); answered from the provider"
    }
}
