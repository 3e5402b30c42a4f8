import Arguments

/// How the product prints characters and favourites.
enum OutputFormat: String, CaseIterable, Sendable {
    case table, json
}

/// How `graph` prints the graph.
enum GraphFormat: String, CaseIterable, Sendable {
    case text, mermaid, dot
}

/// The product's command line, declared the way the product will declare it.
enum Product {
    static let provider = Option.choice("--provider", ["fixture", "marvel"], default: "fixture", help: "Where characters come from.")
    static let fixtures = Option.path("--fixtures", help: "Serve the Marvel wrapper files (*.json) in DIR instead.")
    static let cache = Option.choice("--cache", ["memory", "disk", "redis", "none"], default: "memory", help: "Where to cache.")
    static let cacheDir = Option.path("--cache-dir", help: "The disk cache (default $XDG_CACHE_HOME/excelsior).")
    static let timeout = Option.integer(
        "--timeout", placeholder: "SECONDS", in: 1...3600, default: 15, accepted: "a whole number of seconds from 1 to 3600",
        help: "The most one call may take.")
    static let format = Option.choice("--format", of: OutputFormat.self, default: .table, help: "A table (default) or JSON.")
    static let stats = Option.toggle("--stats", help: "Also print every cache and repository count.")
    static let sources = [provider, fixtures, cache, cacheDir, timeout]
    static let output = [format, stats]

    static let offset = Option.integer("--offset", in: 0...Int.max, default: 0, help: "Index of the first character (default 0).")
    static let limit = Option.integer("--limit", in: 1...100, default: 20, help: "How many, 1 to 100 (default 20).")
    static let nameStartsWith = Option.text("--name-starts-with", placeholder: "S", help: "Only names starting with S.")
    static let list = Command(
        "list", abstract: "Print a page of characters, by name.", usage: "[list] [--offset N] [--limit N] [options]",
        options: [offset, limit, nameStartsWith] + sources + output)

    static let show = Command(
        "show", abstract: "Print one character, from the cache when it holds it.",
        positionals: Positionals("<id>", missing: "show needs a character id, such as 'show 1011334'."), options: sources + output)

    static let port = Option.integer(
        "--port", in: 0...65_535, default: 8080, accepted: "a port from 0 to 65535 (0 picks a free one)", help: "The port.")
    static let maxConnections = Option.integer("--max-connections", in: 1...4096, default: 64, help: "Connections at once.")
    static let requestTimeout = Option.integer(
        "--request-timeout", placeholder: "S", in: 1...3600, default: 10, accepted: "a whole number of seconds from 1 to 3600",
        help: "Seconds a request has to arrive.")
    static let serve = Command(
        "serve", abstract: "Serve the Marvel API emulator until interrupted.", options: [port, maxConnections, requestTimeout, fixtures])

    static let modules = Option.toggle("--modules", help: "The module graph (default).")
    static let objects = Option.toggle("--objects", help: "The object graph.")
    static let graphFormat = Option.choice("--format", of: GraphFormat.self, default: .text, help: "How to print it.")
    static let graph = Command(
        "graph", abstract: "Print the module graph or the object graph.", options: [modules, objects, graphFormat] + sources,
        exclusive: [[modules, objects]])

    static let cacheKind = Option.choice("--cache", ["disk", "redis"], default: "disk", help: "Which cache (default disk).")
    static let cacheCommand = Command(
        "cache", abstract: "Print or empty the cache.",
        subcommands: [
            Command("cache stats", abstract: "Print the cache's entries.", options: [cacheKind, cacheDir]),
            Command("cache clear", abstract: "Empty the cache.", options: [cacheKind, cacheDir]),
        ])

    static let dataDir = Option.path("--data-dir", help: "Where the data lives.")
    static let note = Option.text("--note", help: "At most 500 characters.")
    static let rating = Option.integer("--rating", in: 1...5, help: "1 to 5.")
    static let noRating = Option.toggle("--no-rating", help: "Remove the rating.")
    static let favorites = Command(
        "favorites", abstract: "The characters you keep, with a note and a rating.",
        subcommands: [
            Command(
                "favorites add", abstract: "Keep a character as a favourite.", positionals: characterID("add"),
                options: [note, rating, dataDir] + sources),
            Command("favorites list", abstract: "Print every favourite.", options: [format, dataDir]),
            Command("favorites show", abstract: "Print one favourite.", positionals: characterID("show"), options: [format, dataDir]),
            Command(
                "favorites update", abstract: "Change a favourite's note or rating.", positionals: characterID("update"),
                options: [note, rating, noRating, dataDir], exclusive: [[rating, noRating]]),
            Command("favorites remove", abstract: "Forget a favourite.", positionals: characterID("remove"), options: [dataDir]),
        ])

    static let root = Command(
        "CompositionRoot", abstract: "Browse Marvel characters.", groups: [OptionGroup("Options of list and show:", sources + output)],
        subcommands: [list, show, serve, graph, cacheCommand, favorites], defaultSubcommand: "list",
        epilogue: "Exit codes: 0 ok, 64 usage, 65 bad data, 66 not found.")

    /// The one character id of `favorites <verb>`.
    static func characterID(_ verb: String) -> Positionals {
        Positionals("<id>", noun: "character id", missing: "favorites \(verb) needs a character id, such as 'favorites \(verb) 1009610'.")
    }
}

/// The `workspace` tool's command line.
enum Workspace {
    static let base = Option.text("--base", placeholder: "REF", help: "The revision to compare with.")
    static let changed = Option.toggle("--changed", help: "Compare with the working tree's changes.")
    static let test = Command(
        "test", abstract: "Run swift test on the affected test targets only.", usage: "test [--base REF | --changed] [-- ARGS]",
        options: [base, changed], exclusive: [[base, changed]], acceptsRemainder: true)
    static let rename = Command(
        "rename", abstract: "Rename a module everywhere.", positionals: Positionals("<Old> <New>", count: 2...2, noun: "name"))
    static let move = Command(
        "move", abstract: "Move files to another module.", positionals: Positionals("<Path>...", count: 1...Int.max, noun: "path"))
    static let root = Command("workspace", abstract: "Keeps the package in line with its manifests.", subcommands: [test, rename, move])
}

/// The benchmark program: options only, no subcommands.
enum Benchmarks {
    static let check = Option.toggle("--check", help: "Judge every goal.")
    static let filter = Option.text("--filter", help: "Only the benchmarks whose name contains TEXT.").repeatable()
    static let delta = Option.integer("--delta", in: -10...10, help: "A shift that may be negative.")
    static let root = Command("Benchmarks", abstract: "Every benchmark of the project.", options: [check, filter, delta])
}

/// The error message `root` gives for `arguments`, or nil when it accepts them.
func message(_ arguments: [String], in root: Command = Product.root) -> String? {
    do {
        _ = try root.parse(arguments)
        return nil
    } catch {
        return error.message
    }
}

/// The arguments `root` parses `arguments` into, or nil when it asks for help or the version.
func parsed(_ arguments: [String], in root: Command = Product.root) throws -> ParsedArguments? {
    guard case .run(let parsed) = try root.parse(arguments) else { return nil }
    return parsed
}
