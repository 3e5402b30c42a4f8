import CommandLineKit
import Commands
import HTTPTypes

/// A character source `--provider` may name, registered in `ProviderBackends.all`: its settings
/// and the HTTP client the Marvel API client talks through.
struct ProviderBackend: Registered {
    /// The name `--provider` gives it.
    let choice: ProviderChoice
    /// Reads its own settings from the command line and the environment into the configuration;
    /// a usage error names the one that is wrong.
    var configure: @Sendable (inout AppConfiguration, Invocation, [String: String]) throws(UsageError) -> Void = { _, _, _ in }
    /// The HTTP client for a configuration.
    let http: @Sendable (AppConfiguration) -> any HTTPClient

    /// The name `--provider` gives it.
    var name: String { choice.rawValue }
}

/// The character sources the program can run with: adding one is a file here that declares its
/// `ProviderBackend`, and one entry in `all`.
enum ProviderBackends {
    /// Every registered source; each `ProviderChoice` names exactly one.
    static let all: [ProviderBackend] = [.fixture, .marvel]

    /// The source `choice` names; a usage error if none is registered under it.
    static func named(_ choice: ProviderChoice) throws(UsageError) -> ProviderBackend {
        try all.named(choice.rawValue, "character source")
    }
}
