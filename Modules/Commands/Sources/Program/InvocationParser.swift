import Arguments
import CommandLineKit
import Foundation
import Redaction

/// Turns the program's arguments into a `ProgramLine`, or a `UsageError` naming what is wrong.
///
/// The program is the commands it is given, each read by its own reader; this checks every flag
/// and value against their declarations, and adds the rules between the options every command
/// shares (such as `--base-url` needing `--provider marvel`).
public enum InvocationParser {
    /// Parses `arguments` (without the program name) for a program with `backends` and
    /// `commands`, in the order its help lists them, the first run when none is named. The
    /// command named is read by its own reader here, so that a wrong command line is refused
    /// before anything is built, and a command that is not among them is refused (64).
    public static func parse<Request>(
        _ arguments: [String], backends: ProgramBackends, commands: [FeatureCommand<Request>]
    ) throws(UsageError) -> ProgramLine<Request> {
        let program = Declarations.program(backends, commands: commands.map(\.declaration))
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
            let word = parsed.command.name.split(separator: " ").first.map(String.init) ?? ""
            guard let command = commands.first(where: { $0.declaration.name == word }) else {
                throw UsageError(message: "Unknown subcommand '\(ArgumentError.shown(parsed.command.name))'.")
            }
            var invocation = defaults(.command(parsed.command.name), backends)
            try applySharedOptions(parsed, backends, to: &invocation)
            return ProgramLine(invocation, command: try command.read(parsed))
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
}
