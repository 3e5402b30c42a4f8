import CSQLite

/// A prepared SQL statement: bind values to its `?` parameters, step through its rows, read
/// typed columns. A `Connection` keeps it prepared and hands it out again for the same SQL.
public final class Statement {
    /// The SQL it was prepared from.
    public let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let path: String

    init(sql: String, connection: OpaquePointer, path: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw Connection.error(code, connection, path)
        }
        self.sql = sql
        self.handle = prepared
        self.connection = connection
        self.path = path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets it and binds `values` to its parameters `?1`…`?N`, in order.
    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        reset()
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = bindText(text, at: index)
            case .blob(let bytes) where bytes.isEmpty:
                code = sqlite3_bind_zeroblob(handle, index, 0)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw Connection.error(code, connection, path) }
        }
    }

    /// Runs it up to the next row: true when a row is ready to read, false when it is done.
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = Connection.error(code, connection, path)
            reset()
            throw error
        }
    }

    /// Makes it ready to run again and releases its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The number of columns in its rows.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether column `column` of the current row is NULL.
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    /// Column `column` of the current row as a 64-bit integer (0 for NULL).
    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    /// Column `column` of the current row as an `Int` (0 for NULL).
    public func int(_ column: Int) -> Int {
        Int(sqlite3_column_int64(handle, Int32(column)))
    }

    /// Column `column` of the current row as an `Int`, or nil for NULL.
    public func optionalInt(_ column: Int) -> Int? {
        isNull(column) ? nil : int(column)
    }

    /// Column `column` of the current row as a `Double` (0 for NULL).
    public func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// Column `column` of the current row as text ("" for NULL).
    public func text(_ column: Int) -> String {
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The storage class of column `column` of the current row.
    public func type(_ column: Int) -> SQLType {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// The length in bytes of column `column` of the current row, as text or blob.
    public func byteCount(_ column: Int) -> Int {
        Int(sqlite3_column_bytes(handle, Int32(column)))
    }

    /// Column `column` of the current row as text, or nil when its bytes are not UTF-8 (or it is NULL).
    public func validText(_ column: Int) -> String? {
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `column` of the current row as its SQLite value.
    public func value(_ column: Int) -> SQLValue {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_TEXT: return .text(text(column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, Int32(column)))
            guard let bytes = sqlite3_column_blob(handle, Int32(column)), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, Self.transient) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), Self.transient)
            }
        }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns (the C macro does not import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
