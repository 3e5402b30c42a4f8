import CommandLineKit
import Commands
import Favorites

/// A favourites store `--store` may name, registered in `StoreBackends.all`: its settings and
/// how it is opened (blocking: connect, migrate; the root runs it on a thread of its own).
struct StoreBackend: Registered {
    /// Its name, what it is and its own options, as `--store` and the help show them.
    let declaration: BackendDeclaration
    /// Reads its own settings from the command line and the environment into the configuration;
    /// a usage error names the one that is wrong.
    var configure: @Sendable (inout AppConfiguration, Invocation, [String: String]) throws(UsageError) -> Void = { _, _, _ in }
    /// Opens the store for a configuration.
    let open: @Sendable (AppConfiguration) throws -> any FavoritesStore
    /// The report of its technology's own errors, as a feature's adapter over the same
    /// technology throws them (the store's own come as `FavoritesError`); nil for another's.
    var report: @Sendable (any Error) -> ErrorReport? = { _ in nil }

    /// The name `--store` gives it.
    var name: String { declaration.name }

    /// The one line a store technology's error gets, with the exit code its backend chose.
    static func databaseFailure(_ error: any CustomStringConvertible, exitCode: ExitCode) -> ErrorReport {
        ErrorReport(message: "The database failed: \(error.description).", exitCode: exitCode)
    }
}

/// The favourites stores the program can run with: adding one is an adapter module, a file here
/// that declares its `StoreBackend`, and one entry in `all`.
enum StoreBackends {
    /// Every registered store, in the order `--store` lists them; the first is the default.
    static let all: [StoreBackend] = [.sqlite, .postgres]

    /// The store `name` names; a usage error if none is registered under it.
    static func named(_ name: String) throws(UsageError) -> StoreBackend {
        try all.named(name, "favourites store")
    }

    /// The report of `error` by the store whose technology threw it; nil when none did.
    static func report(for error: any Error) -> ErrorReport? {
        all.lazy.compactMap { $0.report(error) }.first
    }
}
