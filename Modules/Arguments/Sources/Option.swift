/// One option a command accepts, declared once: its name, what value it takes, its default and its help.
///
/// Declare options as `static let`s and pass them both to a `Command` and to the `ParsedArguments`
/// accessors; errors and usage are derived from the declaration.
public struct Option: Sendable, Equatable {
    /// What an option's value may be.
    public enum Kind: Sendable, Equatable {
        /// No value: the option is given or not, such as `--stats`.
        case toggle
        /// Any text, such as `--note TEXT`.
        case text
        /// A path that may not be empty; `noun` names it in the error, such as "a directory path".
        case path(noun: String)
        /// A whole number in the range; `accepted` is what the error says it must be, such as "a whole number from 1 to 100".
        case integer(ClosedRange<Int>, accepted: String)
        /// One of the choices, listed in this order in usage and errors.
        case choice([String])
    }

    /// The name typed on the command line, such as `--limit`.
    public let name: String
    /// What value the option takes.
    public let kind: Kind
    /// The value's placeholder in usage, such as `N`; empty for a toggle.
    public let placeholder: String
    /// The value used when the option is not given, if any.
    public let defaultValue: String?
    /// The help text usage shows beside the option.
    public let help: String
    /// Whether the option may be given more than once, keeping every value in order.
    public private(set) var isRepeatable = false

    /// A switch that takes no value, such as `--stats` or `--no-rating`.
    public static func toggle(_ name: String, help: String) -> Option {
        Option(name: name, kind: .toggle, placeholder: "", defaultValue: nil, help: help)
    }

    /// Any text, such as `--note TEXT`.
    public static func text(_ name: String, placeholder: String = "TEXT", default: String? = nil, help: String) -> Option {
        Option(name: name, kind: .text, placeholder: placeholder, defaultValue: `default`, help: help)
    }

    /// A path that may not be empty, such as `--cache-dir DIR`; `noun` names it in the error.
    public static func path(
        _ name: String, placeholder: String = "DIR", noun: String = "a directory path", default: String? = nil, help: String
    ) -> Option {
        Option(name: name, kind: .path(noun: noun), placeholder: placeholder, defaultValue: `default`, help: help)
    }

    /// A whole number in `range`, such as `--limit N`; `accepted` (derived from `range` when nil) is what the error says it must be.
    public static func integer(
        _ name: String, placeholder: String = "N", in range: ClosedRange<Int>, default: Int? = nil, accepted: String? = nil,
        help: String
    ) -> Option {
        let derived =
            range.upperBound == Int.max
            ? "a whole number ≥ \(range.lowerBound)" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return Option(
            name: name, kind: .integer(range, accepted: accepted ?? derived), placeholder: placeholder,
            defaultValue: `default`.map(String.init), help: help)
    }

    /// One of `choices`, such as `--format table|json`; usage shows the choices as the placeholder.
    public static func choice(_ name: String, _ choices: [String], default: String? = nil, help: String) -> Option {
        Option(name: name, kind: .choice(choices), placeholder: choices.joined(separator: "|"), defaultValue: `default`, help: help)
    }

    /// One of the raw values of `Choice`'s cases, in the order the cases are declared.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, of type: Choice.Type, default: Choice? = nil, help: String
    ) -> Option where Choice.RawValue == String {
        choice(name, type.allCases.map(\.rawValue), default: `default`?.rawValue, help: help)
    }

    /// This option, allowed more than once.
    public func repeatable() -> Option {
        var option = self
        option.isRepeatable = true
        return option
    }

    /// The option as usage and errors show it: its name and placeholder, such as `--limit N`.
    public var synopsis: String {
        placeholder.isEmpty ? name : name + " " + placeholder
    }

    /// Whether `value` is one this option accepts.
    func accepts(_ value: String) -> Bool {
        switch kind {
        case .toggle, .text: true
        case .path: !value.isEmpty
        case .integer(let range, _): Int(value).map(range.contains) ?? false
        case .choice(let choices): choices.contains(value)
        }
    }
}
