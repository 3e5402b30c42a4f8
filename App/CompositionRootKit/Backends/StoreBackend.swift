import Commands
import Favorites

/// A favourites store `--store` may name, registered in `StoreBackends.all`: its settings and
/// how it is opened (blocking: connect, migrate; the root runs it on a thread of its own).
struct StoreBackend: Registered {
    /// The name `--store` gives it.
    let choice: StoreChoice
    /// Reads its own settings from the command line and the environment into the configuration;
    /// a usage error names the one that is wrong.
    var configure: @Sendable (inout AppConfiguration, Invocation, [String: String]) throws(UsageError) -> Void = { _, _, _ in }
    /// Opens the store for a configuration.
    let open: @Sendable (AppConfiguration) throws -> any FavoritesStore
}

/// The favourites stores the program can run with: adding one is an adapter module, a file here
/// that declares its `StoreBackend`, and one entry in `all`.
enum StoreBackends {
    /// Every registered store; each `StoreChoice` names exactly one.
    static let all: [StoreBackend] = [.sqlite, .postgres]

    /// The store `choice` names; a usage error if none is registered under it.
    static func named(_ choice: StoreChoice) throws(UsageError) -> StoreBackend {
        try all.named(choice, "favourites store")
    }
}
