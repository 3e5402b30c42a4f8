import Favorites
import Foundation

/// What `favorites` was asked to do.
enum FavoritesAction: Equatable {
    /// Make a character a favourite.
    case add(id: Int, note: String, rating: Int?)
    /// Print every favourite, by when it was added.
    case list
    /// Print one favourite.
    case show(id: Int)
    /// Change a favourite's note (nil keeps it) and rating.
    case update(id: Int, note: String?, rating: RatingChange)
    /// Forget a favourite.
    case remove(id: Int)

    /// The verbs, in the order usage lists them.
    static let verbs = ["add", "list", "show", "update", "remove"]

    /// The flags `verb` accepts besides `--help`, `--data-dir` and `--version`.
    static func flags(of verb: String) -> Set<String> {
        switch verb {
        case "add": ["--note", "--rating", "--cache", "--cache-dir", "--fixtures", "--provider", "--base-url", "--timeout", "--redis-url"]
        case "list", "show": ["--format"]
        case "update": ["--note", "--rating", "--no-rating"]
        default: []
        }
    }

    /// The action for the positionals (`verb`, then an id) and flag values of a `favorites` command line.
    static func parse(positionals: [String], values: [String: String]) throws(UsageError) -> FavoritesAction {
        guard let verb = positionals.first else {
            throw UsageError(message: "favorites needs an action: \(verbs.joined(separator: ", ")).")
        }
        guard verbs.contains(verb) else {
            throw UsageError(message: "Unknown favorites action '\(verb)' (expected \(verbs.joined(separator: ", "))).")
        }
        let allowed = flags(of: verb).union(["--data-dir"])
        if let flag = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw UsageError(message: "Unknown flag '\(flag)' for favorites \(verb).")
        }
        if verb == "list" {
            if positionals.count > 1 { throw UsageError(message: "Unexpected argument '\(positionals[1])' for favorites list.") }
            return .list
        }
        let id = try characterID(verb, positionals)
        switch verb {
        case "add":
            return .add(id: id, note: values["--note"] ?? "", rating: try rating(values["--rating"]))
        case "show":
            return .show(id: id)
        case "update":
            if values["--rating"] != nil && values["--no-rating"] != nil {
                throw UsageError(message: "favorites update takes --rating N or --no-rating, not both.")
            }
            let change: RatingChange =
                if values["--no-rating"] != nil { .clear } else if let value = try rating(values["--rating"]) { .set(value) } else { .keep }
            if values["--note"] == nil && change == .keep {
                throw UsageError(message: "favorites update needs --note TEXT, --rating N or --no-rating.")
            }
            return .update(id: id, note: values["--note"], rating: change)
        default:
            return .remove(id: id)
        }
    }

    private static func characterID(_ verb: String, _ positionals: [String]) throws(UsageError) -> Int {
        guard positionals.count >= 2 else {
            throw UsageError(message: "favorites \(verb) needs a character id, such as 'favorites \(verb) 1009610'.")
        }
        guard positionals.count == 2 else {
            throw UsageError(message: "favorites \(verb) takes one character id, got \(positionals.count - 1).")
        }
        guard let id = Int(positionals[1]), id > 0 else {
            throw UsageError(message: "favorites \(verb) needs a positive whole-number character id, got '\(positionals[1])'.")
        }
        return id
    }

    private static func rating(_ text: String?) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let rating = Int(text), FavoritesService.ratings.contains(rating) else {
            throw UsageError(message: "--rating must be a whole number from 1 to 5, got '\(text)'.")
        }
        return rating
    }
}
