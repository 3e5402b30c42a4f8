/// A command line the declarations refuse, with a one-line message naming what is wrong.
public struct ArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for callers that word some errors their own way.
    public enum Reason: Sendable, Equatable {
        /// The first argument names no subcommand.
        case unknownSubcommand(String)
        /// No subcommand was named and there is no default one.
        case missingSubcommand
        /// A flag the command does not declare.
        case unknownFlag(String)
        /// An option that takes a value was given without one.
        case missingValue(Option)
        /// A toggle was given a value with `=`.
        case unexpectedValue(Option)
        /// An option's value is not one it accepts.
        case invalidValue(Option, String)
        /// An option that is not repeatable was given again.
        case repeatedOption(Option)
        /// A positional argument (or `--`) the command does not take.
        case unexpectedArgument(String)
        /// Too few or too many positional arguments: this many.
        case wrongArgumentCount(Int)
        /// Options declared exclusive were given together.
        case conflictingOptions([Option])
        /// A mistake in the declarations rather than in the arguments.
        case declaration(String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The command whose arguments are wrong.
    public let command: Command

    /// An error of `command`'s arguments for `reason`.
    public init(_ reason: Reason, in command: Command) {
        self.reason = reason
        self.command = command
    }

    /// The error in one line, as a person reads it.
    public var message: String {
        let name = command.name
        switch reason {
        case .unknownSubcommand(let word):
            return "Unknown subcommand '\(Self.shown(word))' (expected \(command.subcommands.map(\.word).joined(separator: ", ")))."
        case .missingSubcommand:
            return "\(name) needs a subcommand: \(command.subcommands.map(\.word).joined(separator: ", "))."
        case .unknownFlag(let flag):
            return "Unknown flag '\(Self.shown(flag))' for \(name)."
        case .missingValue(let option):
            return "\(option.name) needs a value."
        case .unexpectedValue(let option):
            return "\(option.name) takes no value."
        case .invalidValue(let option, let value):
            switch option.kind {
            case .path(let noun): return "\(option.name) needs \(noun), got an empty string."
            case .integer(_, let accepted): return "\(option.name) must be \(accepted), got '\(Self.shown(value))'."
            case .choice(let choices):
                return "\(option.name) must be one of \(choices.joined(separator: ", ")), got '\(Self.shown(value))'."
            case .toggle, .text: return "\(option.name) does not accept '\(Self.shown(value))'."
            }
        case .repeatedOption(let option):
            return "\(option.name) was given more than once."
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(Self.shown(argument))' for \(name)."
        case .wrongArgumentCount(let given):
            return countMessage(given)
        case .conflictingOptions(let options):
            let names = options.map(\.synopsis)
            guard names.count > 2, let last = names.last else { return "\(name) takes \(names.joined(separator: " or ")), not both." }
            return "\(name) takes only one of \(names.dropLast().joined(separator: ", ")) or \(last)."
        case .declaration(let message):
            return message
        }
    }

    /// The error in one line, as a person reads it.
    public var description: String { message }

    /// The longest argument an error repeats in full; a longer one is cut, so a pasted file or a
    /// 100 000-digit number cannot make a 100 KB error line.
    public static let longestShown = 60

    /// `argument` as an error repeats it: whole, or its first `longestShown` characters, "…" and its length.
    public static func shown(_ argument: String) -> String {
        guard argument.count > longestShown else { return argument }
        return "\(argument.prefix(longestShown))… (\(argument.count) characters)"
    }

    /// "show takes one argument, got 2.", or the declared message when too few are given.
    private func countMessage(_ given: Int) -> String {
        let positionals = command.positionals ?? Positionals("", count: 0...0)
        let count = positionals.count
        let isRange = count.lowerBound < count.upperBound
        if given > count.upperBound {
            return "\(command.name) takes \(positionals.counted(count.upperBound, isRange ? "at most " : "")), got \(given)."
        }
        let needs = positionals.counted(count.lowerBound, isRange ? "at least " : "")
        return positionals.missing ?? "\(command.name) needs \(needs), got \(given)."
    }
}
