/// The arguments of one command line, checked against its command's declarations, with typed access to the values.
///
/// Every value here was accepted by its option already: `parsed[option]` reads a `TypedOption`
/// as its type and cannot fail. `choice(_:as:)` throws only for a mistake in the declarations,
/// such as an option without a default.
public struct ParsedArguments: Sendable, Equatable {
    /// The command to run: the one the command line named, or a default subcommand.
    public let command: Command
    /// The positional arguments, in order.
    public let positionals: [String]
    /// The arguments after `--`, untouched; empty unless the command accepts a remainder.
    public let remainder: [String]
    /// Every value given, by option name, in order; a toggle's values are empty strings.
    let values: [String: [String]]

    /// The value of `option` as its type: what was given, else its default; an option this
    /// command does not declare reads as not given.
    public subscript<Value>(option: TypedOption<Value>) -> Value {
        option.value(command.declares(option) ? strings(option.option) : [])
    }

    /// Whether `option` was given, such as a toggle like `--stats`.
    public func isGiven(_ option: some OptionDeclaration) -> Bool {
        values[option.option.name] != nil
    }

    /// Every value given for `option`, in order; empty when it was not given.
    public func strings(_ option: Option) -> [String] {
        values[option.name] ?? []
    }

    /// The value given for `option` (the last, if repeatable), else its default, else nil.
    public func string(_ option: Option) -> String? {
        values[option.name]?.last ?? option.defaultValue
    }

    /// The case of `Choice` whose raw value was given for `option`, else its default; throws when it has neither.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ option: Option, as type: Choice.Type = Choice.self
    ) throws(ArgumentError) -> Choice where Choice.RawValue == String {
        guard let text = string(option), let choice = Choice(rawValue: text) else {
            throw ArgumentError(.declaration("\(option.name) has no value or default of \(Choice.self) for \(command.name)."), in: command)
        }
        return choice
    }
}
