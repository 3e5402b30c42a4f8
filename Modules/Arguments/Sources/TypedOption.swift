/// An option declared once with the Swift type it is read as: `parsed[Options.limit]` is an `Int`.
///
/// The declaration (`option`) is what the parser checks each value against, so reading a given
/// value cannot fail; an option with a default reads as its type, one without as an optional.
public struct TypedOption<Value: Sendable>: Sendable, OptionDeclaration {
    /// The declaration the parser, the usage and the errors read.
    public let option: Option
    /// The value from every one given (each already accepted by `option`), else the default.
    let value: @Sendable ([String]) -> Value

    private init(_ option: Option, value: @escaping @Sendable ([String]) -> Value) {
        self.option = option
        self.value = value
    }
}

extension TypedOption where Value == Bool {
    /// A switch that takes no value, read as whether it was given, such as `--stats`.
    public static func toggle(_ name: String, help: String) -> Self {
        Self(.toggle(name, help: help)) { !$0.isEmpty }
    }
}

extension TypedOption where Value == String? {
    /// Any text, such as `--note TEXT`, read as the text given or nil.
    public static func text(_ name: String, placeholder: String = "TEXT", help: String) -> Self {
        Self(.text(name, placeholder: placeholder, help: help)) { $0.last }
    }

    /// A path that may not be empty, such as `--cache-dir DIR`, read as the path given or nil.
    public static func path(_ name: String, placeholder: String = "DIR", noun: String = "a directory path", help: String) -> Self {
        Self(.path(name, placeholder: placeholder, noun: noun, help: help)) { $0.last }
    }
}

extension TypedOption where Value == Int {
    /// A whole number in `range` with a default, such as `--limit N`; `accepted` is what the error says it must be.
    public static func integer(
        _ name: String, placeholder: String = "N", in range: ClosedRange<Int>, default: Int, accepted: String? = nil, help: String
    ) -> Self {
        let option = Option.integer(name, placeholder: placeholder, in: range, default: `default`, accepted: accepted, help: help)
        return Self(option) { $0.last.flatMap { Int($0) } ?? `default` }
    }
}

extension TypedOption where Value == Int? {
    /// A whole number in `range` without a default, such as `--rating N`, read as the number given or nil.
    public static func integer(
        _ name: String, placeholder: String = "N", in range: ClosedRange<Int>, accepted: String? = nil, help: String
    ) -> Self {
        Self(.integer(name, placeholder: placeholder, in: range, accepted: accepted, help: help)) { $0.last.flatMap { Int($0) } }
    }
}

extension TypedOption where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s cases by raw value, in declaration order, with a default, such as `--format table|json`.
    public static func choice(_ name: String, default: Value, help: String) -> Self {
        Self(.choice(name, of: Value.self, default: `default`, help: help)) { $0.last.flatMap(Value.init(rawValue:)) ?? `default` }
    }
}
