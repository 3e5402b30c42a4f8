import DataProviders
import Foundation

/// What the user asked the program to do.
enum Command: Equatable {
    /// Print a page of characters.
    case list(offset: Int, limit: Int, query: CharacterQuery)
    /// Print one character.
    case show(id: Int)
    /// Serve the Marvel API emulator over HTTP on 127.0.0.1:`port` until stopped, at most
    /// `maxConnections` at a time, each request given `requestTimeout` seconds.
    case serve(port: Int, maxConnections: Int, requestTimeout: Int)
    /// Print the module graph (from the manifests) or the container's object graph.
    case graph(GraphKind, GraphFormat)
    /// Print the disk (or Redis) cache's entries, bytes, hits and misses.
    case cacheStats
    /// Empty the disk (or Redis) cache.
    case cacheClear
    /// Add, list, show, update or remove favourites.
    case favorites(FavoritesAction)
    /// Print the usage of a subcommand, or of the program when nil.
    case help(subcommand: String?)
    /// Print the version.
    case version
}

/// Which graph `graph` prints.
enum GraphKind: String, Equatable {
    case modules, objects
}

/// How `graph` prints it.
enum GraphFormat: String, Equatable, CaseIterable {
    case text, mermaid, dot
}

/// How `list` and `show` print characters.
enum OutputFormat: String, Equatable, CaseIterable {
    case table, json
}

/// Where characters come from.
enum ProviderChoice: String, Equatable, CaseIterable {
    /// The Marvel API emulator over fixtures, in process.
    case fixture
    /// A Marvel API server over HTTP: the retired real one, `serve`, or a compatible one.
    case marvel
}

/// Where characters are cached.
enum CacheChoice: String, Equatable, CaseIterable {
    /// In this process only.
    case memory
    /// In files under the cache directory, across runs (memory in front of disk).
    case disk
    /// On a Redis server, shared by every process and machine that uses it.
    case redis
    /// Nowhere: every read asks the provider.
    case none
}

/// A parsed command line: the command and the options that shape the object graph and output.
struct Invocation: Equatable {
    var command: Command
    var provider = ProviderChoice.fixture
    var baseURL: URL?
    var fixturesDirectory: URL?
    var cache = CacheChoice.memory
    var cacheDirectory: URL?
    /// The most a call to a Marvel API server may take, retries included.
    var timeout = Duration.seconds(15)
    /// The Redis server for `--cache redis`, as given with `--redis-url`.
    var redisURL: String?
    var format = OutputFormat.table
    var detailedStatistics = false
    /// Where the user's data (favourites) lives; nil means the default.
    var dataDirectory: URL?
}
