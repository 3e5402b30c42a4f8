import Arguments

/// The program's commands, declared once with `Options`: the parser, the usage text and the
/// errors all come from this tree.
public enum Declarations {
    static let exitCodes = """
        Exit codes: 0 ok, 64 usage, 65 bad data, 66 not found, 69 unavailable,
                    73 cannot create the cache or data directory, 74 I/O error,
                    75 temporarily unavailable (a locked database), 77 permission denied
                    (a database server refused the user, password or rights), 1 other.
        """

    static let favoritesExitCodes = """
        Exit codes: 0 ok, 64 usage, 65 a broken rule, a damaged database or a newer schema,
                    66 no such character or favourite, 69 the database server is unreachable,
                    73 cannot create the data directory, 74 I/O error, 75 the database is busy
                    (try again), 77 the database server refused the user or password.
        """

    static let list = Command(
        "list", abstract: "Print a page of characters, by name.",
        usage: "[list] [--offset N] [--limit N] [--name-starts-with S] [options]",
        options: [
            Options.offset, Options.limit, Options.nameStartsWith, Options.name, Options.modifiedSince, Options.comics, Options.series,
            Options.events, Options.stories, Options.orderBy,
        ],
        groups: [OptionGroup("Where characters come from:", Options.sources), OptionGroup("Output:", [Options.format, Options.stats])])

    static let show = Command(
        "show", abstract: "Print one character, from the cache when it holds it.", usage: "show <id> [options]",
        positionals: Positionals("<id>", missing: "show needs a character id, such as 'show 1011334'."),
        groups: [OptionGroup("Where characters come from:", Options.sources), OptionGroup("Output:", [Options.format, Options.stats])])

    static let serve = Command(
        "serve",
        abstract: "Serve the Marvel API emulator on http://127.0.0.1:N until interrupted, for `--provider marvel --base-url` or any "
            + "HTTP client.",
        usage: "serve [--port N] [--max-connections N] [--request-timeout S] [--fixtures DIR]",
        options: [Options.port, Options.maxConnections, Options.requestTimeout, Options.fixtures])

    static let graph = Command(
        "graph",
        abstract: "Print the module graph from Manifests/ (--modules, the default) or the object graph the container builds for these "
            + "options (--objects).",
        usage: "graph [--modules | --objects] [--format text|mermaid|dot]",
        options: [Options.modules, Options.objects, Options.graphFormat],
        groups: [OptionGroup("Where characters come from:", Options.sources)],
        exclusive: [[Options.modules, Options.objects]])

    private static let cacheOptions = [Options.maintainedCache, Options.cacheDirectory, Options.redisURL, Options.cacheFormat]

    static let cache = Command(
        "cache",
        abstract: "stats prints the disk cache's entries, bytes, and the hits and misses of every run that used it; clear empties it. "
            + "With --cache redis: the entries and bytes under the namespace excelsior: on the Redis server, and clear deletes only those.",
        usage: "cache stats | cache clear [--cache disk|redis] [options]",
        subcommands: [
            Command(
                "cache stats", abstract: "Print the cache's entries and bytes, and the disk cache's hits and misses.", options: cacheOptions
            ),
            Command("cache clear", abstract: "Empty the cache.", options: cacheOptions),
        ])

    private static func favoriteID(_ verb: String) -> Positionals {
        Positionals("<id>", noun: "character id", missing: "favorites \(verb) needs a character id, such as 'favorites \(verb) 1009610'.")
    }

    static let favorites = Command(
        "favorites",
        abstract: "The characters you keep, with a note and a rating, in an SQLite database that several terminals may use at once. "
            + "'favorites <action> --help' tells more.",
        usage: "favorites add|list|show|update|remove … [--store sqlite|postgres]",
        subcommands: [
            Command(
                "favorites add",
                abstract: "Keep a character as a favourite, with the name it has now. The character must exist (it is looked up "
                    + "through the cache); one favourite per character.",
                usage: "favorites add <id> [--note TEXT] [--rating N] [options]", positionals: favoriteID("add"),
                options: [Options.note, Options.rating] + Options.favoritesStore,
                groups: [OptionGroup("Where the character is looked up, as for show:", Options.sources)]),
            Command(
                "favorites list",
                abstract: "Print every favourite, by when it was added. JSON is "
                    + #"{"count":N,"results":[{"addedAt","characterId","name","note","rating","updatedAt"}]}."#,
                usage: "favorites list [--format table|json]", options: [Options.format] + Options.favoritesStore),
            Command(
                "favorites show", abstract: "Print one favourite.", usage: "favorites show <id> [--format table|json]",
                positionals: favoriteID("show"), options: [Options.format] + Options.favoritesStore),
            Command(
                "favorites update", abstract: "Change a favourite's note or rating; what is not named stays.",
                usage: "favorites update <id> [--note TEXT] [--rating N | --no-rating]", positionals: favoriteID("update"),
                options: [Options.note, Options.rating, Options.noRating] + Options.favoritesStore,
                exclusive: [[Options.rating, Options.noRating]]),
            Command(
                "favorites remove", abstract: "Forget a favourite.", usage: "favorites remove <id>", positionals: favoriteID("remove"),
                options: Options.favoritesStore),
        ],
        epilogue: favoritesExitCodes)

    /// The whole program: `list` when no subcommand is named.
    public static let program = Command(
        "CompositionRoot",
        abstract: "Browse Marvel characters from the bundled offline fixtures, a fixture directory, or a Marvel API server. "
            + "'CompositionRoot <subcommand> --help' tells more.",
        usage: "[list|show|serve|graph|cache|favorites] [options] | --help | --version",
        subcommands: [list, show, serve, graph, cache, favorites], defaultSubcommand: "list",
        epilogue: exitCodes)
}
