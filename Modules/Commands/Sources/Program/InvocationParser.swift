import Arguments
import CommandLineKit
import DataProviders
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

    /// Parses `arguments` (without the program name) for a program with `backends` and no feature.
    public static func parse(_ arguments: [String], backends: ProgramBackends) throws(UsageError) -> Invocation {
        try parse(arguments, backends: backends, features: [FeatureCommand<Never>]()).invocation
    }

    /// Parses `arguments` (without the program name) for a program with `backends` and the
    /// commands of `features`: a feature's command is read by its own reader, here, so that a
    /// wrong command line is refused before anything is built.
    public static func parse<Request>(
        _ arguments: [String], backends: ProgramBackends, features: [FeatureCommand<Request>]
    ) throws(UsageError) -> ProgramLine<Request> {
        let program = Declarations.program(backends, features: features.map(\.declaration))
        let result: ParseResult
        do {
            result = try program.parse(arguments)
        } catch {
            throw UsageError(message: message(for: error, in: program))
        }
        switch result {
        case .help(let command): return ProgramLine(defaults(.help(program.help(for: command)), backends))
        case .version: return ProgramLine(defaults(.version, backends))
        case .run(let parsed):
            var invocation = defaults(.version, backends)
            try applySharedOptions(parsed, backends, to: &invocation)
            let word = parsed.command.name.split(separator: " ").first.map(String.init) ?? ""
            if let feature = features.first(where: { $0.declaration.name == word }) {
                invocation.request = .feature(word)
                return ProgramLine(invocation, feature: try feature.read(parsed))
            }
            invocation.request = try request(parsed, invocation, backends)
            return ProgramLine(invocation)
        }
    }

    /// An invocation of `request` with every option at its default, the first registered backends included.
    private static func defaults(_ request: Request, _ backends: ProgramBackends) -> Invocation {
        var invocation = Invocation(request: request)
        invocation.cache = backends.caches.first?.name ?? ""
        invocation.store = backends.stores.first?.name ?? ""
        return invocation
    }

    /// The error's words, with actions called actions as the usage calls them: a command's
    /// subcommands are its actions.
    private static func message(for error: ArgumentError, in program: Command) -> String {
        let name = error.command.name
        switch error.reason {
        case .missingSubcommand where name == "cache": return "cache needs an action: 'cache stats' or 'cache clear'."
        case .unknownSubcommand(let word) where name == "cache": return "Unknown cache action '\(word)' (expected stats or clear)."
        case .missingSubcommand where name != program.name:
            return "\(name) needs an action: \(error.command.subcommands.map(\.word).joined(separator: ", "))."
        case .unknownSubcommand(let word) where name != program.name:
            return "Unknown \(name) action '\(word)' (expected \(error.command.subcommands.map(\.word).joined(separator: ", ")))."
        default: return error.message
        }
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
        .show(id: try parsed.positiveID("show needs a positive whole-number character id"))
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
}
