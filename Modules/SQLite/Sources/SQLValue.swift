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

/// The storage class of a value SQLite holds.
public enum SQLType: Equatable, Sendable, CustomStringConvertible {
    /// A 64-bit signed integer.
    case integer
    /// A 64-bit float.
    case real
    /// Text.
    case text
    /// Bytes.
    case blob
    /// No value.
    case null

    /// Its name in SQL: `INTEGER`, `REAL`, `TEXT`, `BLOB` or `NULL`.
    public var description: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }
}
