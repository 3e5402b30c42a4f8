import Foundation

/// A value bound to a statement's parameter (`$1`, `$2`…), sent to the server as text except
/// `bytes`, which travel as binary.
public enum PostgresValue: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// A whole number (`bigint`, `integer`, `smallint`).
    case int(Int)
    /// Text; it must not hold a NUL character, which PostgreSQL text cannot.
    case text(String)
    /// A floating-point number (`double precision`).
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// A moment (`timestamptz`), kept to the microsecond by the server.
    case date(Date)
    /// Raw bytes (`bytea`).
    case bytes([UInt8])

    /// `value` as `.int`, or `.null` when it is nil.
    public static func int(_ value: Int?) -> PostgresValue { value.map { .int($0) } ?? .null }

    /// Whether the server receives it in binary rather than as text.
    var isBinary: Bool {
        if case .bytes = self { return true }
        return false
    }

    /// The bytes the server receives, or nil for NULL; throws for text holding a NUL character.
    func encoded() throws(PostgresError) -> [UInt8]? {
        switch self {
        case .null: return nil
        case .int(let value): return Array(String(value).utf8)
        case .text(let value):
            if value.utf8.contains(0) { throw PostgresError(kind: .invalidValue, message: "text to bind holds a NUL character") }
            return Array(value.utf8)
        case .double(let value):
            if value.isNaN { return Array("NaN".utf8) }
            if value.isInfinite { return Array((value < 0 ? "-Infinity" : "Infinity").utf8) }
            return Array("\(value)".utf8)
        case .bool(let value): return [value ? UInt8(ascii: "t") : UInt8(ascii: "f")]
        case .date(let value): return Array(PostgresTimestamp.text(value).utf8)
        case .bytes(let value): return value
        }
    }
}
