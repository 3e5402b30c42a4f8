import Arguments
import Browse
import CommandLineKit
import Commands
import Foundation
import Injection
import Redis
import RedisStorage
import Repository
import Storage

extension CacheBackend {
    /// `--cache redis`: a Redis server every process and machine that names it shares; a failure
    /// mid-run is a warning, and the server's refusals and silences are reported as its own.
    static let redis = CacheBackend(
        declaration: BackendDeclaration(
            "redis", summary: "a Redis server every process and machine that names it shares", options: [RedisSettings.url],
            needingIt: [RedisSettings.url], prose: RedisSettings.prose),
        configure: { configuration, invocation, environment throws(UsageError) in
            let url = invocation.arguments?[RedisSettings.url] ?? nil
            configuration.settings[RedisConfiguration.self] = try RedisSettings.configuration(url, environment: environment)
        },
        make: { _, resolver in try await resolver() as RedisCache },
        observe: { _, resolver in
            let cache: RedisCache = try await resolver()
            return CacheObserver(kind: "redis", cache: cache) { cache.lastFailure }
        },
        maintenance: { _, resolver, _ in RedisCacheMaintenance(cache: try await resolver()) },
        component: Component {
            single { (resolver: Resolver) -> RedisCache in
                let configuration: AppConfiguration = try resolver()
                return RedisCache(
                    client: RedisClient(configuration: configuration.settings[RedisConfiguration.self] ?? RedisSettings.local),
                    timeToLive: RedisSettings.timeToLive(configuration.policy))
            }
        },
        report: { error in
            guard let error = error as? RedisError else { return nil }
            if error.isLoginRefused || error.isDatabaseRefused {
                return ErrorReport(
                    message: "The Redis server refused the URL: \(error.description).",
                    exitCode: error.isLoginRefused ? .permissionDenied : .usage)
            }
            return ErrorReport(message: "The Redis cache is unavailable: \(error.description).", exitCode: .unavailable)
        })
}
