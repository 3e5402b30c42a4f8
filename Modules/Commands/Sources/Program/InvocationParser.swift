import Arguments
import CommandLineKit
import DataProviders
import Favorites
import Foundation
import Redaction

/// Turns the program's arguments into an `Invocation`, or a `UsageError` naming what is wrong.
///
/// `Declarations.program(_:)` checks every flag and value; this adds the rules between options (such
/// as `--base-url` needing `--provider marvel`) and the words of the errors for actions.
public enum InvocationParser {
    /// The flags of `list` sent as Marvel's parameters as given, for the server to judge.
    private static var queryOptions: [(TypedOption<String?>, WritableKeyPath<CharacterQuery, String?>)] {
        [
            (Options.name, \.name), (Options.modifiedSince, \.modifiedSince), (Options.orderBy, \.orderBy), (Options.comics, \.comics),
            (Options.series, \.series), (Options.events, \.events), (Options.stories, \.stories),
        ]
    }

    /// Parses `arguments` (without the program name) for a program with `backends`.
    public static func parse(_ arguments: [String], backends: ProgramBackends) throws(UsageError) -> Invocation {
        let result: ParseResult
        do {
            result = try Declarations.program(backends).parse(arguments)
        } catch {
            throw UsageError(message: message(for: error, backends))
        }
        switch result {
        case .help(let command): return defaults(.help(Usage.text(for: command, with: backends)), backends)
        case .version: return defaults(.version, backends)
        case .run(let parsed): return try invocation(parsed, backends)
        }
    }

    /// An invocation of `request` with every option at its default, the first registered backends included.
    private static func defaults(_ request: Request, _ backends: ProgramBackends) -> Invocation {
        var invocation = Invocation(request: request)
        invocation.cache = backends.caches.first?.name ?? ""
        invocation.store = backends.stores.first?.name ?? ""
        return invocation
    }

    /// The error's words, with actions called actions as the usage calls them.
    private static func message(for error: ArgumentError, _ backends: ProgramBackends) -> String {
        switch (error.reason, error.command.name) {
        case (.missingSubcommand, "cache"): "cache needs an action: 'cache stats' or 'cache clear'."
        case (.unknownSubcommand(let word), "cache"): "Unknown cache action '\(word)' (expected stats or clear)."
        case (.missingSubcommand, "favorites"): "favorites needs an action: \(verbs(backends))."
        case (.unknownSubcommand(let word), "favorites"): "Unknown favorites action '\(word)' (expected \(verbs(backends)))."
        default: error.message
        }
    }

    private static func verbs(_ backends: ProgramBackends) -> String {
        Declarations.favorites(backends).subcommands.map(\.word).joined(separator: ", ")
    }

    private static func invocation(_ parsed: ParsedArguments, _ backends: ProgramBackends) throws(UsageError) -> Invocation {
        var invocation = defaults(.version, backends)
        try applySharedOptions(parsed, backends, to: &invocation)
        invocation.request = try request(parsed, invocation, backends)
        return invocation
    }

    private static func applySharedOptions(
        _ parsed: ParsedArguments, _ backends: ProgramBackends, to invocation: inout Invocation
    ) throws(UsageError) {
        let command = parsed.command
        invocation.arguments = parsed
        invocation.provider = parsed[Options.provider]
        let cache = command.declares(backends.maintainedCache) ? backends.maintainedCache : backends.cache
        invocation.cache = parsed.string(cache) ?? ""
        invocation.fixturesDirectory = parsed[Options.fixtures].map { URL(fileURLWithPath: $0) }
        invocation.store = parsed.string(backends.store) ?? ""
        try refuseOptionsOfOthers(backends.stores, "--store", chosen: invocation.store, parsed)
        try refuseOptionsOfOthers(backends.caches, "--cache", chosen: invocation.cache, parsed)
        if let text = parsed[Options.baseURL] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw UsageError(
                    message:
                        "--base-url must be an http or https URL such as http://127.0.0.1:8080, got '\(ArgumentError.shown(Redaction.url(text)))'."
                )
            }
            if let port = url.port, !(1...65_535).contains(port) {
                throw UsageError(message: "--base-url's port must be 1 to 65535, got \(port).")
            }
            invocation.baseURL = url
        }
        invocation.timeout = .seconds(parsed[Options.timeout])
        if invocation.baseURL != nil && invocation.provider != .marvel {
            throw UsageError(message: "--base-url needs --provider marvel.")
        }
        if invocation.fixturesDirectory != nil && invocation.provider == .marvel {
            throw UsageError(message: "--fixtures needs --provider fixture.")
        }
        invocation.format = command.declares(Options.cacheFormat) ? parsed[Options.cacheFormat] : parsed[Options.format]
        invocation.detailedStatistics = parsed[Options.stats]
    }

    /// Refuses an option only `backends`' unchosen ones read: "--x needs --cache y.".
    private static func refuseOptionsOfOthers(
        _ backends: [BackendDeclaration], _ choice: String, chosen: String, _ parsed: ParsedArguments
    ) throws(UsageError) {
        for backend in backends where backend.name != chosen {
            if let option = backend.needingIt.first(where: parsed.isGiven) {
                throw UsageError(message: "\(option.name) needs \(choice) \(backend.name).")
            }
        }
    }

    /// What reads one command's request from its arguments and the shared options.
    private typealias Reader = (ParsedArguments, Invocation) throws(UsageError) -> Request

    /// Every command the program runs, by its declared name, with its reader: the one place a
    /// command is dispatched, so a declared command missing here is refused, never read as another.
    private static func readers(_ backends: ProgramBackends) -> [String: Reader] {
        let cache: Reader = { parsed, invocation throws(UsageError) in try readCache(parsed, invocation, backends) }
        return [
            "list": readList, "show": readShow, Declarations.serve.name: readServe, "graph": readGraph, "cache stats": cache,
            "cache clear": cache,
            "favorites add": readFavoriteAdd, "favorites list": readFavoriteList, "favorites show": readFavoriteShow,
            "favorites update": readFavoriteUpdate, "favorites remove": readFavoriteRemove,
        ]
    }

    private static func request(
        _ parsed: ParsedArguments, _ invocation: Invocation, _ backends: ProgramBackends
    ) throws(UsageError) -> Request {
        guard let read = readers(backends)[parsed.command.name] else {
            throw UsageError(message: "Unknown subcommand '\(ArgumentError.shown(parsed.command.name))'.")
        }
        return try read(parsed, invocation)
    }

    private static func readList(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        .list(offset: parsed[Options.offset], limit: parsed[Options.limit], query: try query(parsed))
    }

    private static func readShow(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        .show(id: try characterID(parsed, "show needs a positive whole-number character id"))
    }

    private static func readServe(_ parsed: ParsedArguments, _: Invocation) -> Request {
        .serve(port: parsed[Options.port], maxConnections: parsed[Options.maxConnections], requestTimeout: parsed[Options.requestTimeout])
    }

    private static func readGraph(_ parsed: ParsedArguments, _: Invocation) -> Request {
        .graph(parsed[Options.objects] ? .objects : .modules, parsed[Options.graphFormat])
    }

    private static func readCache(_ parsed: ParsedArguments, _ invocation: Invocation, _ backends: ProgramBackends) throws(UsageError)
        -> Request
    {
        let command = parsed.command
        if parsed.isGiven(backends.maintainedCache) && !backends.maintainedCaches.contains(invocation.cache) {
            let maintained = ProgramBackends.either(backends.maintainedCaches)
            throw UsageError(message: "\(command.name) works on --cache \(maintained), got '\(invocation.cache)'.")
        }
        return command.word == "stats" ? .cacheStats : .cacheClear
    }

    private static func readFavoriteAdd(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        .favorites(.add(id: try favoriteID(parsed), note: try note(parsed) ?? "", rating: parsed[Options.rating]))
    }

    private static func readFavoriteList(_: ParsedArguments, _: Invocation) -> Request {
        .favorites(.list)
    }

    private static func readFavoriteShow(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        .favorites(.show(id: try favoriteID(parsed)))
    }

    private static func readFavoriteUpdate(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        let id = try favoriteID(parsed)
        let change: RatingChange = parsed[Options.noRating] ? .clear : parsed[Options.rating].map { .set($0) } ?? .keep
        let note = try note(parsed)
        if note == nil && change == .keep {
            throw UsageError(message: "favorites update needs --note TEXT, --rating N or --no-rating.")
        }
        return .favorites(.update(id: id, note: note, rating: change))
    }

    private static func readFavoriteRemove(_ parsed: ParsedArguments, _: Invocation) throws(UsageError) -> Request {
        .favorites(.remove(id: try favoriteID(parsed)))
    }

    private static func favoriteID(_ parsed: ParsedArguments) throws(UsageError) -> Int {
        try characterID(parsed, "\(parsed.command.name) needs a positive whole-number character id")
    }

    /// `--note`, refused when the system passed it as bytes that are not UTF-8 (which Swift's
    /// arguments hold with U+FFFD in their place, and which would be stored so).
    private static func note(_ parsed: ParsedArguments) throws(UsageError) -> String? {
        guard let note = parsed[Options.note] else { return nil }
        let name = Options.note.option.name
        if RawArguments.wasRepaired(note, of: name) {
            throw UsageError(message: "\(name) must be UTF-8 text; the bytes given are not.")
        }
        return note
    }

    private static func query(_ parsed: ParsedArguments) throws(UsageError) -> CharacterQuery {
        var query = CharacterQuery()
        if let prefix = parsed[Options.nameStartsWith] {
            guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--name-starts-with needs at least one letter.")
            }
            query.nameStartsWith = prefix
        }
        for (option, parameter) in queryOptions {
            query[keyPath: parameter] = parsed[option]
        }
        return query
    }

    /// The one positional, a positive whole number; `problem` starts the error otherwise.
    private static func characterID(_ parsed: ParsedArguments, _ problem: String) throws(UsageError) -> Int {
        let text = parsed.positionals.first ?? ""
        guard let id = Int(text), id > 0 else { throw UsageError(message: "\(problem), got '\(ArgumentError.shown(text))'.") }
        return id
    }
}
