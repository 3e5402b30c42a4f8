import Arguments
import CommandLineKit

/// `favorites add|list|show|update|remove`: the feature's command, declared, with its options, and
/// read into a `FavoritesAction`. The program registers it, handing in what lies outside the
/// feature in a `Context`.
public enum FavoritesCommandLine {
    /// What the program tells the declaration: the registered stores and where `add` looks a
    /// character up.
    public struct Context: Sendable {
        /// `--store` and each registered store's own options.
        public var storeOptions: [any OptionDeclaration]
        /// The registered stores' names, the default first.
        public var storeNames: [String]
        /// Where each store keeps favourites, in a sentence or two ending with a space.
        public var storePlaces: String
        /// The options that say where characters come from and are cached, as for `show`.
        public var lookUpOptions: [any OptionDeclaration]
        /// The program's exit codes, listed in the help.
        public var exitCodes: [ExitStatus]

        /// A context of these parts.
        public init(
            storeOptions: [any OptionDeclaration], storeNames: [String], storePlaces: String, lookUpOptions: [any OptionDeclaration],
            exitCodes: [ExitStatus]
        ) {
            self.storeOptions = storeOptions
            self.storeNames = storeNames
            self.storePlaces = storePlaces
            self.lookUpOptions = lookUpOptions
            self.exitCodes = exitCodes
        }
    }

    /// The command in `context`, read into the action it asks for.
    public static func command(_ context: Context) -> FeatureCommand<FavoritesAction> {
        FeatureCommand(declaration(context)) { parsed throws(UsageError) in try action(parsed) }
    }

    // MARK: Options

    static let note: TypedOption<String?> = .text(
        "--note",
        help:
            "At most \(FavoritesService.maximumNoteLength) characters (\(FavoritesService.maximumNoteBytes) bytes), one line, no control characters."
    )
    static let rating: TypedOption<Int?> = .integer(
        "--rating", in: FavoritesService.ratings, help: "\(FavoritesService.ratings.lowerBound) to \(FavoritesService.ratings.upperBound).")
    static let noRating: TypedOption<Bool> = .toggle("--no-rating", help: "Remove the rating.")
    /// `--format table|json` of `list` and `show`.
    public static let format = OutputFormat.option

    // MARK: Declaration

    private static func favoriteID(_ verb: String) -> Positionals {
        Positionals("<id>", noun: "character id", missing: "favorites \(verb) needs a character id, such as 'favorites \(verb) 1009610'.")
    }

    static func declaration(_ context: Context) -> Command {
        let store = context.storeOptions
        return Command(
            "favorites",
            abstract: "The characters you keep, with a note and a rating. " + context.storePlaces
                + "'favorites <action> --help' tells more.",
            usage: "favorites add|list|show|update|remove … [--store \(context.storeNames.joined(separator: "|"))]",
            subcommands: [
                Command(
                    "favorites add",
                    abstract: "Keep a character as a favourite, with the name it has now. The character must exist (it is looked up "
                        + "through the cache); one favourite per character.",
                    usage: "favorites add <id> [--note TEXT] [--rating N] [options]", positionals: favoriteID("add"),
                    options: [note, rating] + store,
                    groups: [OptionGroup("Where the character is looked up, as for show:", context.lookUpOptions)]),
                Command(
                    "favorites list",
                    abstract: "Print every favourite, by when it was added. JSON is "
                        + #"`{"count":N,"results":[{"addedAt","characterId","name","note","rating","updatedAt"}]}`."#,
                    usage: "favorites list [--format table|json]", options: [format] + store),
                Command(
                    "favorites show", abstract: "Print one favourite.", usage: "favorites show <id> [--format table|json]",
                    positionals: favoriteID("show"), options: [format] + store),
                Command(
                    "favorites update", abstract: "Change a favourite's note or rating; what is not named stays.",
                    usage: "favorites update <id> [--note TEXT] [--rating N | --no-rating]", positionals: favoriteID("update"),
                    options: [note, rating, noRating] + store,
                    exclusive: [[rating, noRating]]),
                Command(
                    "favorites remove", abstract: "Forget a favourite.", usage: "favorites remove <id>", positionals: favoriteID("remove"),
                    options: store),
            ],
            exitCodes: context.exitCodes)
    }

    // MARK: Reading

    /// The action `parsed` (a command line of one of the `favorites` subcommands) asks for.
    static func action(_ parsed: ParsedArguments) throws(UsageError) -> FavoritesAction {
        let command = parsed.command.name
        let id = { () throws(UsageError) -> Int in try parsed.positiveID("\(command) needs a positive whole-number character id") }
        switch parsed.command.word {
        case "add": return .add(id: try id(), note: try parsed.utf8Text(note) ?? "", rating: parsed[rating])
        case "list": return .list
        case "show": return .show(id: try id())
        case "update":
            let id = try id()
            let change: RatingChange = parsed[noRating] ? .clear : parsed[rating].map { .set($0) } ?? .keep
            let note = try parsed.utf8Text(note)
            if note == nil && change == .keep {
                throw UsageError(message: "favorites update needs --note TEXT, --rating N or --no-rating.")
            }
            return .update(id: id, note: note, rating: change)
        case "remove": return .remove(id: try id())
        default: throw UsageError(message: "Unknown favorites action '\(ArgumentError.shown(parsed.command.word))'.")
        }
    }
}
