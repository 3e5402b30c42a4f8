import Redis
import Storage

/// The one warning line a read prints when its cache failed: the answer came from the provider.
enum CacheWarning {
    /// The warning for `cache`, or nil when it did not fail (only a remote cache warns).
    static func line(for cache: any Caching) -> String? {
        guard let redis = cache as? RedisCache, let error = redis.lastError else { return nil }
        return "CompositionRoot: warning: the Redis cache at \(redis.client.configuration.redactedURL) failed (\(error.description)); "
            + "answered from the provider."
    }
}
