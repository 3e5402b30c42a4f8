/// The text `favorites --help` and `favorites <verb> --help` print.
enum FavoritesUsage {
    private static let dataDirectory = """
          --data-dir DIR             Where the data lives (default $XDG_DATA_HOME/excelsior,
                                     or ~/.local/share/excelsior); the database is
                                     favorites.sqlite there.
        """

    private static let exitCodes = """
        Exit codes: 0 ok, 64 usage, 65 a broken rule or a damaged database, 66 no such
                    character or favourite, 73 cannot create the data directory,
                    75 the database is locked (try again), 74 I/O error.
        """

    /// The usage of `favorites`, or of `favorites <verb>` when `verb` is one.
    static func text(verb: String?) -> String {
        switch verb {
        case "add":
            """
            Usage: CompositionRoot favorites add <id> [--note TEXT] [--rating N] [options]

            Keep a character as a favourite, with the name it has now. The character must exist
            (it is looked up through the cache); one favourite per character.
              --note TEXT                At most 500 characters, one line, no control characters.
              --rating N                 1 to 5.
            \(dataDirectory)
            Where the character is looked up: --provider, --base-url, --fixtures, --cache and
            --cache-dir, as for show.
            """
        case "list":
            """
            Usage: CompositionRoot favorites list [--format table|json]

            Print every favourite, by when it was added. JSON is
            {"count":N,"results":[{"addedAt","characterId","name","note","rating","updatedAt"}]}.
            \(dataDirectory)
            """
        case "show":
            """
            Usage: CompositionRoot favorites show <id> [--format table|json]

            Print one favourite.
            \(dataDirectory)
            """
        case "update":
            """
            Usage: CompositionRoot favorites update <id> [--note TEXT] [--rating N | --no-rating]

            Change a favourite's note or rating; what is not named stays.
              --note TEXT                At most 500 characters, one line, no control characters.
              --rating N                 1 to 5.
              --no-rating                Remove the rating.
            \(dataDirectory)
            """
        case "remove":
            """
            Usage: CompositionRoot favorites remove <id>

            Forget a favourite.
            \(dataDirectory)
            """
        default:
            """
            Usage: CompositionRoot favorites add|list|show|update|remove … [--data-dir DIR]

            The characters you keep, with a note and a rating, in an SQLite database that several
            terminals may use at once. 'favorites <action> --help' tells more.
              favorites add <id> [--note TEXT] [--rating N]
              favorites list [--format table|json]
              favorites show <id> [--format table|json]
              favorites update <id> [--note TEXT] [--rating N | --no-rating]
              favorites remove <id>
            \(dataDirectory)

            \(exitCodes)
            """
        }
    }
}
