extension Command {
    /// Parses `arguments` (without the program's name) against this command and its subcommands.
    ///
    /// The first argument names a subcommand; when it is a flag or absent, the default subcommand runs.
    /// A word that names no subcommand is refused, `--help` beside it or not, never read as another.
    /// `--help` or `-h` anywhere before `--` asks for the help of the command named so far (with
    /// no unknown flag beside it), and `--version` alone for the version.
    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParseResult {
        var command = self
        var rest = arguments[...]
        while !command.subcommands.isEmpty {
            if let word = rest.first, !Self.isFlag(word), let subcommand = command.subcommand(word) {
                command = subcommand
                rest = rest.dropFirst()
                continue
            }
            if let word = rest.first, !Self.isFlag(word) { throw ArgumentError(.unknownSubcommand(word), in: command) }
            if let request = try Self.request(in: rest, of: command) { return request }
            guard let word = command.defaultSubcommand, let subcommand = command.subcommand(word) else {
                throw ArgumentError(.missingSubcommand, in: command)
            }
            command = subcommand
        }
        if let request = try Self.request(in: rest, of: command) { return request }
        return .run(try command.scan(rest))
    }

    /// Help or the version, when `arguments` ask for either before `--`. `--version` stands
    /// alone; `--help` (`-h`) may come with the command's own flags, whose values are not
    /// checked, but an unknown flag beside it is refused as it would be without it.
    private static func request(in arguments: ArraySlice<String>, of command: Command) throws(ArgumentError) -> ParseResult? {
        let flags = arguments.prefix { $0 != "--" }
        if flags.contains(where: { $0 == "--help" || $0 == "-h" }) {
            let fallback = command.defaultSubcommand.flatMap(command.subcommand)?.allOptions ?? []
            let known = Set((command.allOptions + fallback).map(\.name) + ["--help", "-h", "--version"])
            if let unknown = flags.first(where: { isFlag($0) && !known.contains(split($0).0) }) {
                throw ArgumentError(.unknownFlag(split(unknown).0), in: command)
            }
            return .help(command)
        }
        guard flags.contains("--version") else { return nil }
        if let other = arguments.first(where: { $0 != "--version" }) {
            throw ArgumentError(.unexpectedArgument(other), in: command)
        }
        return .version
    }

    /// Whether `argument` is a flag: it begins with `-` and is neither `-` alone nor a number such as `-5`.
    private static func isFlag(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Int(argument) == nil
    }

    /// The arguments of this command, which has no subcommands, checked against its declarations.
    private func scan(_ arguments: ArraySlice<String>) throws(ArgumentError) -> ParsedArguments {
        var rest = arguments
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        while let argument = rest.popFirst() {
            if argument == "--" {
                guard acceptsRemainder else { throw ArgumentError(.unexpectedArgument(argument), in: self) }
                break
            }
            guard Self.isFlag(argument) else {
                positionals.append(argument)
                continue
            }
            let (name, inline) = Self.split(argument)
            guard let option = allOptions.first(where: { $0.name == name }) else { throw ArgumentError(.unknownFlag(name), in: self) }
            if values[name] != nil && !option.isRepeatable { throw ArgumentError(.repeatedOption(option), in: self) }
            values[name, default: []].append(try value(of: option, inline: inline, rest: &rest))
        }
        try check(positionals)
        for group in exclusive {
            let given = group.filter { values[$0.name] != nil }
            if given.count > 1 { throw ArgumentError(.conflictingOptions(given), in: self) }
        }
        return ParsedArguments(command: self, positionals: positionals, remainder: Array(rest), values: values)
    }

    /// The value of `option`: after `=`, else the next argument unless it begins with `--`; empty for a toggle.
    private func value(of option: Option, inline: String?, rest: inout ArraySlice<String>) throws(ArgumentError) -> String {
        if option.kind == .toggle {
            guard inline == nil else { throw ArgumentError(.unexpectedValue(option), in: self) }
            return ""
        }
        guard let value = inline ?? rest.first.flatMap({ $0.hasPrefix("--") ? nil : $0 }) else {
            throw ArgumentError(.missingValue(option), in: self)
        }
        if inline == nil { rest.removeFirst() }
        guard option.accepts(value) else { throw ArgumentError(.invalidValue(option, value), in: self) }
        return value
    }

    /// Refuses too few or too many positional arguments.
    private func check(_ positionals: [String]) throws(ArgumentError) {
        let count = self.positionals?.count ?? 0...0
        if count.upperBound == 0, let extra = positionals.first { throw ArgumentError(.unexpectedArgument(extra), in: self) }
        if !count.contains(positionals.count) { throw ArgumentError(.wrongArgumentCount(positionals.count), in: self) }
    }

    /// `--flag=value` as the flag and the value; any other flag as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
