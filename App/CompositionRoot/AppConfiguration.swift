import Client
import DataProviders
import Emulator
import Foundation
import Redis
import Repository

/// What the command line and the environment chose, registered in the container for the
/// components to read.
struct AppConfiguration: Sendable {
    var provider = ProviderChoice.fixture
    var baseURL = MarvelAPIClient.defaultBaseURL
    var authorization: MarvelAuthorization?
    /// The most a call to a Marvel API server may take, retries included (`--timeout`).
    var timeout = Duration.seconds(15)
    /// The fixture directory to serve; nil means the bundled fixtures.
    var fixturesDirectory: URL?
    var cache = CacheChoice.memory
    /// The disk cache's folder: entries in `entries/`, the statistics of past runs beside them;
    /// nil when neither `--cache-dir` nor an absolute home directory names one.
    var cacheDirectory: URL?
    var policy = CachePolicy.standard
    /// The Redis server for `--cache redis`.
    var redis = RedisConfiguration(host: "127.0.0.1")

    /// The disk cache's folder; throws `UsageError` when there is none, rather than using the
    /// current directory.
    func diskCacheDirectory() throws(UsageError) -> URL {
        guard let cacheDirectory else {
            throw UsageError(
                message: "HOME is not an absolute path, so there is no default cache directory; set HOME or pass --cache-dir DIR.")
        }
        return cacheDirectory
    }

    /// Where the disk cache keeps its entries; throws as `diskCacheDirectory()` does.
    func entriesDirectory() throws(UsageError) -> URL {
        try diskCacheDirectory().appendingPathComponent("entries", isDirectory: true)
    }

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
        configuration.timeout = invocation.timeout
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

    /// `$XDG_CACHE_HOME/excelsior`, or `~/.cache/excelsior`; nil when there is no absolute home.
    static func defaultCacheDirectory(_ environment: [String: String]) -> URL? {
        xdgDirectory("XDG_CACHE_HOME", else: ".cache", environment)
    }

    /// `$XDG_DATA_HOME/excelsior`, or `~/.local/share/excelsior`, where the user's own data
    /// (favourites) lives; nil when there is no absolute home.
    static func defaultDataDirectory(_ environment: [String: String]) -> URL? {
        xdgDirectory("XDG_DATA_HOME", else: ".local/share", environment)
    }

    /// `$variable/excelsior`, or `~/fallback/excelsior` with the home directory from `HOME` or
    /// else the password database. Relative or empty values are ignored, as the XDG spec says;
    /// nil when no absolute directory is left, never the current directory.
    private static func xdgDirectory(_ variable: String, else fallback: String, _ environment: [String: String]) -> URL? {
        if let base = environment[variable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("excelsior", isDirectory: true)
        }
        let home = [environment["HOME"], passwordDatabaseHome()].compactMap { $0 }.first { $0.hasPrefix("/") }
        return home.map { URL(fileURLWithPath: $0).appendingPathComponent("\(fallback)/excelsior", isDirectory: true) }
    }

    /// The current user's home directory from the password database, if it has one.
    private static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
