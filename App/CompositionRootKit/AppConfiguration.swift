import Arguments
import Client
import CommandLineKit
import Commands
import Emulator
import Foundation
import Repository

/// What the command line and the environment chose, registered in the container for the
/// components to read. Built once per run, before the container.
public struct AppConfiguration: Sendable {
    var provider = ProviderChoice.fixture
    var baseURL = MarvelAPIClient.defaultBaseURL
    /// The most a call to a Marvel API server may take, retries included (`--timeout`).
    var timeout = Duration.seconds(Options.defaultTimeoutSeconds)
    /// The fixture directory to serve; nil means the bundled fixtures.
    var fixturesDirectory: URL?
    /// The registered cache `--cache` names.
    var cache = CacheBackends.all[0].name
    /// The disk cache's folder: entries in `entries/`, the statistics of past runs beside them;
    /// nil when neither `--cache-dir` nor an absolute home directory names one.
    var cacheDirectory: URL?
    /// The user's data (favourites): `--data-dir`, else the XDG default; nil without an absolute home.
    var dataDirectory: URL?
    var policy = CachePolicy.standard
    /// Where favourites are kept (`--store`).
    var store = StoreBackends.all[0].name
    /// The chosen backends' own settings, each set by its backend's `configure`.
    var settings = BackendSettings()

    /// A configuration with the defaults and the given cache directory, for tests.
    init(cacheDirectory: URL?) {
        self.cacheDirectory = cacheDirectory
    }

    /// The configuration `invocation` chooses in `environment`; throws `UsageError` when
    /// `--provider marvel` has no keys or the chosen backends' settings are wrong.
    public init(_ invocation: Invocation, environment: [String: String]) throws(UsageError) {
        let given = { (option: TypedOption<String?>) in (invocation.arguments?[option] ?? nil).map { URL(fileURLWithPath: $0) } }
        cacheDirectory = given(CacheBackend.directory) ?? Self.xdgDirectory("XDG_CACHE_HOME", else: ".cache", environment)
        dataDirectory = given(StoreBackend.dataDirectory) ?? Self.xdgDirectory("XDG_DATA_HOME", else: ".local/share", environment)
        provider = invocation.provider
        baseURL = invocation.baseURL ?? MarvelAPIClient.defaultBaseURL
        fixturesDirectory = invocation.fixturesDirectory
        cache = invocation.cache.isEmpty ? cache : invocation.cache
        timeout = invocation.timeout
        try CacheBackends.named(cache).configure(&self, invocation, environment)
        store = invocation.store.isEmpty ? store : invocation.store
        try StoreBackends.named(store).configure(&self, invocation, environment)
        try ProviderBackends.named(provider).configure(&self, invocation, environment)
    }

    /// The disk cache's folder; throws `UsageError` when there is none, rather than using the
    /// current directory.
    func diskCacheDirectory() throws(UsageError) -> URL {
        guard let cacheDirectory else {
            throw UsageError(
                message: "HOME is not an absolute path, so there is no default cache directory; set HOME or pass --cache-dir DIR.")
        }
        return cacheDirectory
    }

    /// The user's data folder; throws `UsageError` when there is none.
    func userDataDirectory() throws(UsageError) -> URL {
        guard let dataDirectory else {
            throw UsageError(
                message: "HOME is not an absolute path, so there is no default data directory; set HOME or pass --data-dir DIR.")
        }
        return dataDirectory
    }

    /// The Marvel API emulator over the chosen fixtures; throws `FixtureError`.
    func makeEmulator() throws -> MarvelAPIEmulator {
        try MarvelAPIEmulator(directory: fixturesDirectory ?? FixtureSet.bundledDirectory())
    }

    /// `$variable/excelsior`, or `~/fallback/excelsior` with the home directory from `HOME` or
    /// else the password database. Relative or empty values are ignored, as the XDG spec says;
    /// nil when no absolute directory is left, never the current directory.
    static func xdgDirectory(_ variable: String, else fallback: String, _ environment: [String: String]) -> URL? {
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
