import CLibPQ
import Foundation

/// One row of a result, read in place: valid only inside the closure it is handed to. Every
/// reader checks the value and throws `invalidValue` naming the column when it is not one.
public struct PostgresRow {
    private let result: OpaquePointer
    private let row: Int32

    init(result: OpaquePointer, row: Int32) {
        self.result = result
        self.row = row
    }

    /// How many columns the row has.
    public var columnCount: Int { Int(PQnfields(result)) }

    /// Whether column `column` is NULL.
    public func isNull(_ column: Int) -> Bool {
        PQgetisnull(result, row, Int32(column)) == 1
    }

    /// Column `column` as a whole number.
    public func int(_ column: Int) throws(PostgresError) -> Int {
        let value = try bytes(column, "a whole number") { bytes in Self.integer(bytes) }
        guard let value else { throw invalid(column, "a whole number") }
        return value
    }

    /// Column `column` as text.
    public func string(_ column: Int) throws(PostgresError) -> String {
        try bytes(column, "text") { String(decoding: $0, as: UTF8.self) }
    }

    /// Column `column` as text when it is valid UTF-8, else nil (a database in the `SQL_ASCII`
    /// encoding hands over any bytes).
    public func validString(_ column: Int) throws(PostgresError) -> String? {
        try bytes(column, "text") { String(validating: $0, as: UTF8.self) }
    }

    /// How many bytes column `column`'s value has as the server sent it (0 for NULL), read
    /// without decoding it.
    public func byteCount(_ column: Int) -> Int {
        guard column >= 0, column < columnCount else { return 0 }
        return Int(PQgetlength(result, row, Int32(column)))
    }

    /// Column `column` as a floating-point number.
    public func double(_ column: Int) throws(PostgresError) -> Double {
        let value = try bytes(column, "a number") { Double(String(decoding: $0, as: UTF8.self)) }
        guard let value else { throw invalid(column, "a number") }
        return value
    }

    /// Column `column` as a boolean (`t` or `f`).
    public func bool(_ column: Int) throws(PostgresError) -> Bool {
        let value = try bytes(column, "a boolean") { text -> Bool? in
            guard text.count == 1 else { return nil }
            return text[0] == UInt8(ascii: "t") ? true : text[0] == UInt8(ascii: "f") ? false : nil
        }
        guard let value else { throw invalid(column, "a boolean") }
        return value
    }

    /// Column `column` as a moment (a `timestamptz` read in UTC).
    public func date(_ column: Int) throws(PostgresError) -> Date {
        let value = try bytes(column, "a timestamp") { PostgresTimestamp.date($0) }
        guard let value else { throw invalid(column, "a timestamp") }
        return value
    }

    /// Column `column` as raw bytes (a `bytea` in the server's hex output).
    public func bytes(_ column: Int) throws(PostgresError) -> [UInt8] {
        let value = try bytes(column, "bytes") { Self.hex($0) }
        guard let value else { throw invalid(column, "bytes") }
        return value
    }

    /// Column `column`'s name.
    public func name(_ column: Int) -> String {
        PQfname(result, Int32(column)).map { String(cString: $0) } ?? "column \(column + 1)"
    }

    private func bytes<T>(_ column: Int, _ what: String, _ read: (UnsafeBufferPointer<UInt8>) -> T) throws(PostgresError) -> T {
        guard column >= 0, column < columnCount else {
            throw PostgresError(kind: .invalidValue, message: "the row has \(columnCount) columns, not \(column + 1)")
        }
        guard !isNull(column) else { throw invalid(column, what) }
        let length = Int(PQgetlength(result, row, Int32(column)))
        return PQgetvalue(result, row, Int32(column)).withMemoryRebound(to: UInt8.self, capacity: length) {
            read(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private func invalid(_ column: Int, _ what: String) -> PostgresError {
        PostgresError(kind: .invalidValue, message: "column \(name(column)) is \(isNull(column) ? "NULL, not" : "not") \(what)")
    }

    /// The decimal whole number in `bytes`, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count, bytes.count - index <= 19 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// The bytes of `\x…` hex text, or nil.
    static func hex(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(text.count / 2 - 1)
        var index = 2
        while index < text.count {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }
}
