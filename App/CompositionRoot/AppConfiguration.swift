import Client
import DataProviders
import Foundation
import Redis
import Repository

/// What the command line and the environment chose, registered in the container for the
/// components to read.
struct AppConfiguration: Sendable {
    var provider = ProviderChoice.fixture
    var baseURL = MarvelAPIClient.defaultBaseURL
    var authorization: MarvelAuthorization?
    /// The fixture directory to serve; nil means the bundled fixtures.
    var fixturesDirectory: URL?
    var cache = CacheChoice.memory
    /// The disk cache's folder: entries in `entries/`, the statistics of past runs beside them.
    var cacheDirectory: URL
    var policy = CachePolicy.standard
    /// The Redis server for `--cache redis`.
    var redis = RedisConfiguration(host: "127.0.0.1")

    /// Where the disk cache keeps its entries.
    var entriesDirectory: URL { cacheDirectory.appendingPathComponent("entries", isDirectory: true) }

    /// The Marvel API emulator over the chosen fixtures; throws `FixtureError`.
    func makeEmulator() throws -> MarvelAPIEmulator {
        try MarvelAPIEmulator(directory: fixturesDirectory ?? FixtureSet.bundledDirectory())
    }

    /// The configuration for `invocation` in `environment`; throws `UsageError` when
    /// `--provider marvel` has no keys.
    static func make(_ invocation: Invocation, environment: [String: String]) throws(UsageError) -> AppConfiguration {
        var configuration = AppConfiguration(cacheDirectory: invocation.cacheDirectory ?? defaultCacheDirectory(environment))
        configuration.provider = invocation.provider
        configuration.baseURL = invocation.baseURL ?? MarvelAPIClient.defaultBaseURL
        configuration.fixturesDirectory = invocation.fixturesDirectory
        configuration.cache = invocation.cache
        if invocation.cache == .redis {
            configuration.redis = try redisConfiguration(invocation, environment: environment)
        }
        if invocation.provider == .marvel {
            guard let publicKey = environment["MARVEL_PUBLIC_KEY"], !publicKey.isEmpty,
                let privateKey = environment["MARVEL_PRIVATE_KEY"], !privateKey.isEmpty
            else {
                throw UsageError(message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables.")
            }
            configuration.authorization = MarvelAuthorization(publicKey: publicKey, privateKey: privateKey)
        }
        return configuration
    }

    /// `$XDG_CACHE_HOME/excelsior`, or `~/.cache/excelsior`.
    static func defaultCacheDirectory(_ environment: [String: String]) -> URL {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("excelsior", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/excelsior", isDirectory: true)
    }
}
