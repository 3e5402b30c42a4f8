import CommandLineKit
import Commands
import Injection
import Storage

/// The caches the program can run with: adding one is an adapter module, a file here that
/// declares its `CacheBackend`, and one entry in `all`.
enum CacheBackends {
    /// Every registered cache, in the order `--cache` lists them; the first is the default.
    static let all: [CacheBackend] = [.memory, .disk, .redis, .none]

    /// What the registered caches add to the container, in registration order.
    static var components: [Component] { all.compactMap(\.component) }

    /// The cache `name` names; a usage error if none is registered under it.
    static func named(_ name: String) throws(UsageError) -> CacheBackend {
        try all.named(name, "cache")
    }

    /// The names of the caches `cache stats|clear` maintain: those with a maintenance.
    static var maintained: [String] { all.filter { $0.maintenance != nil }.map(\.name) }

    /// The maintenance of the cache `configuration` chooses, for `cache stats|clear`.
    static func maintenance(_ configuration: AppConfiguration, _ resolver: AsyncResolver, _ console: Console) async throws
        -> any CacheMaintenance
    {
        guard let maintenance = try named(configuration.cache).maintenance else {
            throw UsageError(message: "No maintenance is registered for --cache \(configuration.cache).")
        }
        return try await maintenance(configuration, resolver, console)
    }

    /// The report of `error` by the cache that owns it; nil when none does.
    static func report(for error: any Error) -> ErrorReport? {
        all.lazy.compactMap { $0.report(error) }.first
    }
}
