import Arguments
import CommandLineKit
import Commands
import Foundation
import Redis
import Repository

/// Where `--cache redis` finds its server, and how long it keeps an entry.
enum RedisSettings {
    /// What the help says of `--cache redis`.
    static let prose = BackendProse(
        note: "A failing cache never fails a read: with --cache redis and Redis down or failing mid-run, the command answers from "
            + "the provider with one warning line on standard error. After its first time-out or connection failure the Redis "
            + "cache is off for the rest of the run, so Redis adds at most one failed call (2 s) to a command.",
        maintenance: "With --cache redis: the entries and bytes under the namespace excelsior: on the Redis server, and clear "
            + "deletes only those.",
        exitCases: [
            .usage: [
                "a `--redis-url` or `EXCELSIOR_REDIS_URL` that is not a Redis URL", "a Redis database number the server does not have",
            ],
            .unavailable: ["`cache stats` or `cache clear` with `--cache redis` and Redis unreachable"],
            .permissionDenied: ["the Redis server refused the login (`NOAUTH`, `WRONGPASS`)"],
        ])
    /// `--redis-url`, which only this backend reads.
    static let url: TypedOption<String?> = .text(
        "--redis-url", placeholder: "URL",
        help: "The Redis server for --cache redis (default $EXCELSIOR_REDIS_URL, else redis://127.0.0.1:6379), "
            + "as redis://[user:password@]host:port[/db].")
    /// The server used when neither `--redis-url` nor `EXCELSIOR_REDIS_URL` names one.
    static let defaultURL = "redis://127.0.0.1:6379"
    /// The server a `RedisCache` built without `--cache redis` (as `graph --objects` builds it) would use.
    static let local = RedisConfiguration(host: "127.0.0.1")

    /// The server `url` (`--redis-url`), else `EXCELSIOR_REDIS_URL`, else the default names; a
    /// malformed URL is a usage error naming where it came from.
    static func configuration(_ url: String?, environment: [String: String]) throws(UsageError) -> RedisConfiguration {
        let fromEnvironment = environment["EXCELSIOR_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let source = url != nil ? "--redis-url" : fromEnvironment != nil ? "EXCELSIOR_REDIS_URL" : "the default"
        do {
            return try RedisConfiguration(url: url ?? fromEnvironment ?? defaultURL)
        } catch {
            throw UsageError(message: "\(source): \(error.description).")
        }
    }

    /// How long Redis keeps an entry: a day with the standard policy (24 times its longest
    /// maximum age), so a stale copy outlives its freshness for the provider's bad days.
    static func timeToLive(_ policy: CachePolicy) -> TimeInterval {
        max(policy.pageMaxAge, policy.detailMaxAge) * 24
    }
}
