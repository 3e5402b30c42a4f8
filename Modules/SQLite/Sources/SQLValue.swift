/// A value SQLite stores: the five storage classes.
public enum SQLValue: Equatable, Sendable {
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes as they are.
    case blob([UInt8])
    /// No value.
    case null
}

extension SQLValue {
    /// An integer value from `Int`, or null when `value` is nil.
    public static func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
}
