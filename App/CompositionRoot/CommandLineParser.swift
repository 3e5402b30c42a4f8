import Foundation

/// Turns the program's arguments into an `Invocation`, or a `UsageError` naming what is wrong.
struct CommandLineParser {
    private var arguments: ArraySlice<String>
    private var positionals: [String] = []
    private var invocation = Invocation(command: .list(offset: 0, limit: 20))
    private var offset = 0
    private var limit = 20
    private var port = 8080
    private var wantsHelp = false
    private var wantsVersion = false

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parser = CommandLineParser(arguments: arguments[...])
        return try parser.run()
    }

    private init(arguments: ArraySlice<String>) {
        self.arguments = arguments
    }

    private mutating func run() throws(UsageError) -> Invocation {
        let subcommand = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "list"
        if arguments.first == subcommand { arguments.removeFirst() }
        guard ["list", "show", "serve"].contains(subcommand) else {
            throw UsageError(message: "Unknown subcommand '\(subcommand)' (expected list, show or serve).")
        }
        while let argument = arguments.popFirst() {
            try take(argument, subcommand: subcommand)
        }
        if wantsHelp { return Invocation(command: .help) }
        if wantsVersion { return Invocation(command: .version) }
        invocation.command = try command(subcommand)
        return invocation
    }

    private mutating func take(_ argument: String, subcommand: String) throws(UsageError) {
        guard argument.hasPrefix("-") else {
            positionals.append(argument)
            return
        }
        let (flag, inlineValue) = Self.split(argument)
        switch (flag, subcommand) {
        case ("--help", _), ("-h", _):
            wantsHelp = true
        case ("--version", _):
            wantsVersion = true
        case ("--fixtures", _):
            invocation.fixturesDirectory = URL(fileURLWithPath: try value(for: flag, inline: inlineValue))
        case ("--offset", "list"):
            offset = try number(for: flag, inline: inlineValue, in: 0...Int.max, accepted: "a whole number ≥ 0")
        case ("--limit", "list"):
            limit = try number(for: flag, inline: inlineValue, in: 1...100, accepted: "a whole number from 1 to 100")
        case ("--port", "serve"):
            port = try number(for: flag, inline: inlineValue, in: 0...65_535, accepted: "a port from 0 to 65535 (0 picks a free one)")
        default:
            throw UsageError(message: "Unknown flag '\(flag)' for \(subcommand).")
        }
    }

    private func command(_ subcommand: String) throws(UsageError) -> Command {
        if subcommand == "list" || subcommand == "serve" {
            if let extra = positionals.first {
                throw UsageError(message: "Unexpected argument '\(extra)' for \(subcommand).")
            }
            return subcommand == "list" ? .list(offset: offset, limit: limit) : .serve(port: port)
        }
        guard let idText = positionals.first else {
            throw UsageError(message: "show needs a character id, such as 'show 1011334'.")
        }
        guard positionals.count == 1 else {
            throw UsageError(message: "show takes one character id, got \(positionals.count).")
        }
        guard let id = Int(idText), id > 0 else {
            throw UsageError(message: "show needs a positive whole-number character id, got '\(idText)'.")
        }
        return .show(id: id)
    }

    private mutating func value(for flag: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = arguments.first, !next.hasPrefix("--") else {
            throw UsageError(message: "\(flag) needs a value.")
        }
        arguments.removeFirst()
        return next
    }

    private mutating func number(
        for flag: String,
        inline: String?,
        in range: ClosedRange<Int>,
        accepted: String
    ) throws(UsageError) -> Int {
        let text = try value(for: flag, inline: inline)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "\(flag) must be \(accepted), got '\(text)'.")
        }
        return number
    }

    /// `--flag=value` into its flag and value; `--flag` alone into the flag and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
