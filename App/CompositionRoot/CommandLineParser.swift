import Client
import DataProviders
import Emulator
import Foundation
import HTTPServer

/// Turns the program's arguments into an `Invocation`, or a `UsageError` naming what is wrong.
///
/// Flags take their value as `--flag value` or `--flag=value`; `--help` works after any
/// subcommand. Every value is checked here, before anything runs.
struct CommandLineParser {
    static let subcommands = ["list", "show", "serve", "graph", "cache", "favorites"]
    private static let sourceFlags: Set<String> = [
        "--cache", "--cache-dir", "--fixtures", "--provider", "--base-url", "--timeout", "--redis-url",
    ]
    private static let outputFlags: Set<String> = ["--format", "--stats"]
    /// The flags of `list` sent as Marvel's parameters as given, for the server to judge.
    private static var queryFlags: [String: WritableKeyPath<CharacterQuery, String?>] {
        [
            "--name": \.name, "--modified-since": \.modifiedSince, "--order-by": \.orderBy, "--comics": \.comics,
            "--series": \.series, "--events": \.events, "--stories": \.stories,
        ]
    }

    /// The flags each subcommand accepts, besides `--help` and `--version`.
    static func flags(of subcommand: String) -> Set<String> {
        switch subcommand {
        case "list": sourceFlags.union(outputFlags).union(["--offset", "--limit", "--name-starts-with"]).union(queryFlags.keys)
        case "show": sourceFlags.union(outputFlags)
        case "serve": ["--port", "--fixtures", "--max-connections", "--request-timeout"]
        case "graph": sourceFlags.union(["--modules", "--objects", "--format"])
        case "favorites": FavoritesAction.verbs.reduce(["--data-dir"]) { $0.union(FavoritesAction.flags(of: $1)) }
        default: ["--cache", "--cache-dir", "--format", "--redis-url"]
        }
    }

    private var arguments: ArraySlice<String>
    private let subcommand: String
    /// Whether the command line named the subcommand (`list --help` is list's help, `--help` the program's).
    private let namedSubcommand: Bool
    private var positionals: [String] = []
    private var invocation = Invocation(command: .version)
    private var values: [String: String] = [:]
    private var wantsHelp = false
    private var wantsVersion = false

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let first = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        var parser = CommandLineParser(arguments: arguments.dropFirst(first == nil ? 0 : 1), subcommand: first)
        return try parser.run()
    }

    private init(arguments: ArraySlice<String>, subcommand: String?) {
        self.arguments = arguments
        self.subcommand = subcommand ?? "list"
        self.namedSubcommand = subcommand != nil
    }

    private mutating func run() throws(UsageError) -> Invocation {
        guard Self.subcommands.contains(subcommand) else {
            throw UsageError(message: "Unknown subcommand '\(subcommand)' (expected \(Self.subcommands.joined(separator: ", "))).")
        }
        while let argument = arguments.popFirst() {
            try take(argument)
        }
        if wantsHelp { return Invocation(command: .help(subcommand: namedSubcommand ? helpTopic : nil)) }
        if wantsVersion { return Invocation(command: .version) }
        try applySharedOptions()
        invocation.command = try command()
        return invocation
    }

    /// The subcommand whose usage `--help` prints: `favorites add` for favorites' verbs.
    private var helpTopic: String {
        subcommand == "favorites" ? ([subcommand] + positionals.prefix(1)).joined(separator: " ") : subcommand
    }

    private mutating func take(_ argument: String) throws(UsageError) {
        guard argument.hasPrefix("-"), Int(argument) == nil else {
            positionals.append(argument)
            return
        }
        let (flag, inline) = Self.split(argument)
        switch flag {
        case "--help", "-h":
            wantsHelp = true
        case "--version":
            wantsVersion = true
        case "--stats":
            try ensureAccepted(flag)
            invocation.detailedStatistics = true
        case "--no-rating":
            try ensureAccepted(flag)
            values[flag] = ""
        case "--modules", "--objects":
            try ensureAccepted(flag)
            if let other = values["graph"], other != flag {
                throw UsageError(message: "graph takes --modules or --objects, not both.")
            }
            values["graph"] = flag
        default:
            try ensureAccepted(flag)
            values[flag] = try value(for: flag, inline: inline)
        }
    }

    private func ensureAccepted(_ flag: String) throws(UsageError) {
        guard Self.flags(of: subcommand).contains(flag) else {
            throw UsageError(message: "Unknown flag '\(flag)' for \(subcommand).")
        }
    }

    private mutating func applySharedOptions() throws(UsageError) {
        if let name = values["--provider"] { invocation.provider = try choice(ProviderChoice.self, for: "--provider", name) }
        if let name = values["--cache"] { invocation.cache = try choice(CacheChoice.self, for: "--cache", name) }
        if let path = try path(for: "--fixtures") { invocation.fixturesDirectory = URL(fileURLWithPath: path) }
        if let path = try path(for: "--cache-dir") { invocation.cacheDirectory = URL(fileURLWithPath: path) }
        if let path = try path(for: "--data-dir") { invocation.dataDirectory = URL(fileURLWithPath: path) }
        invocation.redisURL = values["--redis-url"]
        if invocation.redisURL != nil && invocation.cache != .redis {
            throw UsageError(message: "--redis-url needs --cache redis.")
        }
        if let text = values["--base-url"] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw UsageError(message: "--base-url must be an http or https URL such as http://127.0.0.1:8080, got '\(text)'.")
            }
            invocation.baseURL = url
        }
        invocation.timeout = .seconds(
            try number("--timeout", default: 15, in: 1...3600, accepted: "a whole number of seconds from 1 to 3600"))
        if invocation.baseURL != nil && invocation.provider != .marvel {
            throw UsageError(message: "--base-url needs --provider marvel.")
        }
        if invocation.fixturesDirectory != nil && invocation.provider == .marvel {
            throw UsageError(message: "--fixtures needs --provider fixture.")
        }
        if subcommand != "graph", let name = values["--format"] {
            invocation.format = try choice(OutputFormat.self, for: "--format", name)
        }
    }

    /// The path given with `flag`, if any; an empty one is a usage error, not the current directory.
    private func path(for flag: String) throws(UsageError) -> String? {
        guard let path = values[flag] else { return nil }
        guard !path.isEmpty else { throw UsageError(message: "\(flag) needs a directory path, got an empty string.") }
        return path
    }

    private func command() throws(UsageError) -> Command {
        switch subcommand {
        case "list":
            try expectPositionals(0)
            return .list(
                offset: try number("--offset", default: 0, in: 0...Int.max, accepted: "a whole number ≥ 0"),
                limit: try number("--limit", default: 20, in: 1...100, accepted: "a whole number from 1 to 100"),
                query: try query()
            )
        case "show":
            guard let text = positionals.first else {
                throw UsageError(message: "show needs a character id, such as 'show 1011334'.")
            }
            try expectPositionals(1)
            guard let id = Int(text), id > 0 else {
                throw UsageError(message: "show needs a positive whole-number character id, got '\(text)'.")
            }
            return .show(id: id)
        case "serve":
            try expectPositionals(0)
            return .serve(
                port: try number("--port", default: 8080, in: 0...65_535, accepted: "a port from 0 to 65535 (0 picks a free one)"),
                maxConnections: try number(
                    "--max-connections", default: LoopbackHTTPServer.defaultMaxConnections, in: 1...4096,
                    accepted: "a whole number from 1 to 4096"),
                requestTimeout: try number(
                    "--request-timeout", default: Int(LoopbackHTTPServer.defaultRequestTimeout.components.seconds), in: 1...3600,
                    accepted: "a whole number of seconds from 1 to 3600"))
        case "graph":
            try expectPositionals(0)
            let kind: GraphKind = values["graph"] == "--objects" ? .objects : .modules
            let format =
                try values["--format"].map { name throws(UsageError) in try choice(GraphFormat.self, for: "--format", name) } ?? .text
            return .graph(kind, format)
        case "favorites":
            return .favorites(try FavoritesAction.parse(positionals: positionals, values: values))
        default:
            guard let action = positionals.first else {
                throw UsageError(message: "cache needs an action: 'cache stats' or 'cache clear'.")
            }
            try expectPositionals(1)
            if values["--cache"] != nil && ![.disk, .redis].contains(invocation.cache) {
                throw UsageError(message: "cache \(action) works on --cache disk or redis, got '\(invocation.cache.rawValue)'.")
            }
            switch action {
            case "stats": return .cacheStats
            case "clear": return .cacheClear
            default: throw UsageError(message: "Unknown cache action '\(action)' (expected stats or clear).")
            }
        }
    }

    private func query() throws(UsageError) -> CharacterQuery {
        var query = CharacterQuery()
        if let prefix = values["--name-starts-with"] {
            guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--name-starts-with needs at least one letter.")
            }
            query.nameStartsWith = prefix
        }
        for (flag, parameter) in Self.queryFlags {
            query[keyPath: parameter] = values[flag]
        }
        return query
    }

    private func expectPositionals(_ count: Int) throws(UsageError) {
        if positionals.count > count {
            let extra = positionals[count]
            throw UsageError(
                message: count == 0
                    ? "Unexpected argument '\(extra)' for \(subcommand)." : "\(subcommand) takes one argument, got \(positionals.count).")
        }
    }

    private mutating func value(for flag: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = arguments.first, !next.hasPrefix("--") else {
            throw UsageError(message: "\(flag) needs a value.")
        }
        arguments.removeFirst()
        return next
    }

    private func number(_ flag: String, default fallback: Int, in range: ClosedRange<Int>, accepted: String) throws(UsageError) -> Int {
        guard let text = values[flag] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "\(flag) must be \(accepted), got '\(text)'.")
        }
        return number
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type,
        for flag: String,
        _ name: String
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: name) else {
            let accepted = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "\(flag) must be one of \(accepted), got '\(name)'.")
        }
        return choice
    }

    /// `--flag=value` into its flag and value; `--flag` alone into the flag and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
