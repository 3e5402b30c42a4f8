import Browse
import CommandLineKit
import Commands
import Injection
import Storage

/// A cache `--cache` may name, registered in `CacheBackends.all`: how it is built, what a run
/// reports of it, how `cache stats|clear` maintains it, and how its own errors are reported.
struct CacheBackend: Registered {
    /// Its name, what it is and its own options, as `--cache` and the help show them.
    let declaration: BackendDeclaration
    /// Reads its own settings from the command line and the environment into the configuration;
    /// a usage error names the one that is wrong.
    var configure: @Sendable (inout AppConfiguration, Invocation, [String: String]) throws(UsageError) -> Void = { _, _, _ in }
    /// Builds the cache for a configuration, resolving what it needs.
    let make: @Sendable (AppConfiguration, AsyncResolver) async throws -> any Caching
    /// What a run reports of the cache `make` built (resolved as `Caching`).
    var observe: @Sendable (AppConfiguration, AsyncResolver) async throws -> CacheObserver = { configuration, resolver in
        CacheObserver(kind: configuration.cache, cache: try await resolver())
    }
    /// What `cache stats|clear` maintains, for a cache that outlives a run; nil for one that does not.
    var maintenance: (@Sendable (AppConfiguration, AsyncResolver, Console) async throws -> any CacheMaintenance)?
    /// What it registers beside the cache, for its builders to resolve.
    var component: Component?
    /// The report of its own errors; nil for an error that is not its own.
    var report: @Sendable (any Error) -> ErrorReport? = { _ in nil }

    /// The name `--cache` gives it.
    var name: String { declaration.name }
}
