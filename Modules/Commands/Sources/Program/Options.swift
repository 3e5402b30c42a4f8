import Arguments
import CommandLineKit

/// Every option of the program, declared once with the Swift type it is read as: name, value,
/// default and help. The commands' declarations, the usage text, the errors and what the parser
/// reads (`parsed[Options.limit]`, an `Int`) all come from these.
public enum Options {
    /// The most one call to a Marvel API server may take, retries included, when `--timeout` is not given.
    public static let defaultTimeoutSeconds = 15

    // MARK: Where characters come from and where they are cached (list, show, graph, favorites add)

    static let provider: TypedOption<ProviderChoice> = .choice(
        "--provider", default: .fixture,
        help: "Where characters come from (default fixture: the bundled fixtures through the in-process Marvel API emulator). "
            + "marvel reads MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY.")
    static let baseURL: TypedOption<String?> = .text(
        "--base-url", placeholder: "URL",
        help: "The Marvel API server for --provider marvel (default https://gateway.marvel.com; try `serve`). It keeps a path "
            + "prefix such as http://host/marvel/api/.")
    static let timeout: TypedOption<Int> = .integer(
        "--timeout", placeholder: "SECONDS", in: 1...3600, default: defaultTimeoutSeconds,
        accepted: "a whole number of seconds from 1 to 3600",
        help: "The most one call to that server may take, retries included (default \(defaultTimeoutSeconds), 1 to 3600).")
    static let fixtures: TypedOption<String?> = .path("--fixtures", help: "Serve the Marvel wrapper files (*.json) in DIR instead.")

    /// The options that choose where characters come from and where they are cached: the
    /// provider's, then `--cache` and the registered caches' own.
    public static func sources(_ backends: ProgramBackends) -> [any OptionDeclaration] {
        [provider, baseURL, timeout, fixtures] + backends.cacheOptions
    }

    // MARK: serve

    static let port: TypedOption<Int> = .integer(
        "--port", in: 0...65_535, default: 8080, accepted: "a port from 0 to 65535 (0 picks a free one)",
        help: "The port on 127.0.0.1 (default 8080; 0 picks a free one).")
    static let maxConnections: TypedOption<Int> = .integer(
        "--max-connections", in: 1...4096, default: 64,
        help: "Serve at most N connections at once, 1 to 4096 (default 64); more get 503 with Retry-After.")
    static let requestTimeout: TypedOption<Int> = .integer(
        "--request-timeout", placeholder: "S", in: 1...3600, default: 10, accepted: "a whole number of seconds from 1 to 3600",
        help: "Seconds a request has to arrive in full, and a response to be written, 1 to 3600 (default 10); a late request gets 408.")

    // MARK: graph

    static let modules: TypedOption<Bool> = .toggle("--modules", help: "The module graph from Manifests/ (the default).")
    static let objects: TypedOption<Bool> = .toggle("--objects", help: "The object graph the container builds for these options.")
    static let graphFormat: TypedOption<GraphFormat> = .choice(
        "--format", default: .text, help: "Plain text (default), a Mermaid or a Graphviz graph.")

    // MARK: cache

    static let cacheFormat: TypedOption<OutputFormat> = .choice(
        "--format", default: .table, help: "A table for people (default) or JSON for scripts.")
}
