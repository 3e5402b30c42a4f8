/// The text `--help` prints, for the program and for each subcommand.
enum Usage {
    static let version = "Excelsior CompositionRoot 0.2.0"

    private static let sources = """
          --provider fixture|marvel  Where characters come from (default fixture: the bundled
                                     fixtures through the in-process Marvel API emulator).
                                     marvel reads MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY.
          --base-url URL             The Marvel API server for --provider marvel
                                     (default https://gateway.marvel.com; try `serve`).
          --timeout SECONDS          The most one call to that server may take, retries
                                     included (default 15, 1 to 3600).
          --fixtures DIR             Serve the Marvel wrapper files (*.json) in DIR instead.
          --cache memory|disk|redis|none
                                     Where to cache (default memory: this run only).
          --cache-dir DIR            The disk cache (default $XDG_CACHE_HOME/excelsior,
                                     or ~/.cache/excelsior).
          --redis-url URL            The Redis server for --cache redis (default
                                     $EXCELSIOR_REDIS_URL, else redis://127.0.0.1:6379),
                                     as redis://[user:password@]host:port[/db].
        """

    private static let output = """
          --format table|json        Print a table for people (default) or JSON for scripts.
          --stats                    Also print every cache and repository count.
        """

    private static let exitCodes = """
        Exit codes: 0 ok, 64 usage, 65 bad data, 66 not found, 69 unavailable,
                    73 cannot create the cache or data directory, 74 I/O error,
                    75 temporarily unavailable (a locked database), 1 other.
        """

    /// The program's usage.
    static let text = """
        Browse Marvel characters from the bundled offline fixtures, a fixture directory, or a
        Marvel API server.

        Usage:
          CompositionRoot [list] [--offset N] [--limit N] [--name-starts-with S] [--name NAME] [--order-by O] …
          CompositionRoot show <id>
          CompositionRoot serve [--port N] [--max-connections N] [--request-timeout S] [--fixtures DIR]
          CompositionRoot graph [--modules | --objects] [--format text|mermaid|dot]
          CompositionRoot cache stats | cache clear
          CompositionRoot favorites add|list|show|update|remove …
          CompositionRoot <subcommand> --help | --version

        Options of list and show:
        \(sources)
        \(output)

        \(exitCodes)
        """

    /// The usage of `subcommand`.
    static func text(for subcommand: String) -> String {
        switch subcommand {
        case "list":
            """
            Usage: CompositionRoot [list] [--offset N] [--limit N] [--name-starts-with S] [options]

            Print a page of characters, by name.
              --offset N                 Index of the first character (default 0).
              --limit N                  How many, 1 to 100 (default 20).
              --name-starts-with S       Only names starting with S (any case).
            \(sources)
            \(output)
            """
        case "show":
            """
            Usage: CompositionRoot show <id> [options]

            Print one character, from the cache when it holds it.
            \(sources)
            \(output)
            """
        case "serve":
            """
            Usage: CompositionRoot serve [--port N] [--max-connections N] [--request-timeout S] [--fixtures DIR]

            Serve the Marvel API emulator on http://127.0.0.1:N (default 8080; 0 picks a free
            port) until interrupted, for `--provider marvel --base-url` or any HTTP client.
              --max-connections N        Serve at most N connections at once, 1 to 4096
                                         (default 64); more get 503 with Retry-After.
              --request-timeout S        Seconds a request has to arrive in full, and a
                                         response to be written, 1 to 3600 (default 10);
                                         a late request gets 408.
              --fixtures DIR             Serve the Marvel wrapper files (*.json) in DIR.
            """
        case "graph":
            """
            Usage: CompositionRoot graph [--modules | --objects] [--format text|mermaid|dot]

            Print the module graph from Manifests/ (--modules, the default) or the object graph
            the container builds for these options (--objects).
            \(sources)
            """
        case let topic where topic.hasPrefix("favorites"):
            FavoritesUsage.text(verb: topic.split(separator: " ").dropFirst().first.map(String.init))
        default:
            """
            Usage: CompositionRoot cache stats | cache clear [--cache disk|redis] [options]

            stats prints the disk cache's entries, bytes, and the hits and misses of every run
            that used it; clear empties it. With --cache redis: the entries and bytes under
            the namespace excelsior: on the Redis server, and clear deletes only those.
              --cache disk|redis         Which cache (default disk).
              --cache-dir DIR            The disk cache (default $XDG_CACHE_HOME/excelsior).
              --redis-url URL            The Redis server (default $EXCELSIOR_REDIS_URL,
                                         else redis://127.0.0.1:6379).
              --format table|json        A table for people (default) or JSON for scripts.
            """
        }
    }
}
