import Foundation
import Redis

extension AppConfiguration {
    /// The server `--cache redis` uses when neither `--redis-url` nor `EXCELSIOR_REDIS_URL` names one.
    static let defaultRedisURL = "redis://127.0.0.1:6379"

    /// How long Redis keeps an entry: a day with the standard policy (24 times its longest
    /// maximum age), so a stale copy outlives its freshness for the provider's bad days.
    var redisTimeToLive: TimeInterval {
        max(policy.pageMaxAge, policy.detailMaxAge) * 24
    }

    /// The Redis cache this configuration names; it connects on first use.
    func makeRedisCache() -> RedisCache {
        RedisCache(client: RedisClient(configuration: redis), timeToLive: redisTimeToLive)
    }

    /// The server `--redis-url`, else `EXCELSIOR_REDIS_URL`, else the default names; a malformed
    /// URL is a usage error.
    static func redisConfiguration(_ invocation: Invocation, environment: [String: String]) throws(UsageError) -> RedisConfiguration {
        let fromEnvironment = environment["EXCELSIOR_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let source = invocation.redisURL != nil ? "--redis-url" : fromEnvironment != nil ? "EXCELSIOR_REDIS_URL" : "the default"
        do {
            return try RedisConfiguration(url: invocation.redisURL ?? fromEnvironment ?? defaultRedisURL)
        } catch {
            throw UsageError(message: "\(source): \(error.description).")
        }
    }
}
