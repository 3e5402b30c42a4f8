import Commands
import Injection
import Storage

/// The caches the program can run with: adding one is an adapter module, a file here that
/// declares its `CacheBackend`, and one entry in `all`.
enum CacheBackends {
    /// Every registered cache; each `CacheChoice` names exactly one.
    static let all: [CacheBackend] = [.memory, .disk, .redis, .none]

    /// What the registered caches add to the container, in registration order.
    static var components: [Component] { all.compactMap(\.component) }

    /// The cache `choice` names; a usage error if none is registered under it.
    static func named(_ choice: CacheChoice) throws(UsageError) -> CacheBackend {
        try all.named(choice, "cache")
    }

    /// The maintenance of the cache `configuration` chooses, for `cache stats|clear`.
    static func maintenance(_ configuration: AppConfiguration, _ resolver: AsyncResolver, _ console: Console) async throws
        -> any CacheMaintenance
    {
        guard let maintenance = try named(configuration.cache).maintenance else {
            throw UsageError(message: "No maintenance is registered for --cache \(configuration.cache.rawValue).")
        }
        return try await maintenance(configuration, resolver, console)
    }

    /// The report of `error` by the cache that owns it; nil when none does.
    static func report(for error: any Error) -> ErrorReport? {
        all.lazy.compactMap { $0.report(error) }.first
    }
}
