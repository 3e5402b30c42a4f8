import CSQLite
import Foundation

/// One open SQLite connection and its prepared statements. Not thread-safe: a `Database` owns
/// it and lends it to one caller at a time.
public final class Connection {
    /// The database file, or `:memory:`.
    public let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How a connection opens its file.
    public enum Mode: Equatable, Sendable {
        /// Reading and writing, creating the file when it is missing.
        case readWrite
        /// Reading only, through the file's `-wal` and `-shm` as other connections use them.
        case readOnly
        /// Reading only, assuming nothing changes the file while it is open: no locks, and no
        /// `-wal` or `-shm` read or made (SQLite's `immutable` URI parameter).
        case immutable
    }

    /// Opens the database at `path` as `mode` says, waiting up to `busyTimeout` for other
    /// processes' locks. Most code opens a `Database`, which owns its connection.
    public init(path: String, busyTimeout: Duration, mode: Mode = .readWrite) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code: Int32
        switch mode {
        case .readWrite:
            code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly:
            code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            code = sqlite3_open_v2(
                Self.uri(path) + "?immutable=1", &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard code == SQLITE_OK, let opened else {
            let error =
                opened.map { Self.error(code, $0, path) } ?? SQLiteError(code: code, message: "cannot open the database", path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        self.path = path
        self.handle = opened
        sqlite3_extended_result_codes(opened, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(opened, Int32(clamping: milliseconds))
    }

    /// `path` as an SQLite `file:` URI, every byte but letters, digits, `/`, `-`, `.` and `_` percent-encoded.
    static func uri(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._".utf8)
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file:" + absolute.utf8.map { plain.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, which may hold several statements separated by semicolons, ignoring rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(
                code: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) } ?? Self.describe(code), path: path)
        }
    }

    /// The statement for `sql`, prepared once per connection and reused, reset and unbound.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(sql: sql, connection: handle, path: path)
        statements[sql] = statement
        return statement
    }

    /// Runs one statement with `values` bound; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        statement.reset()
        return Int(sqlite3_changes(handle))
    }

    /// The rows of one query with `values` bound, each read by `row`. Inlinable, so the row
    /// type is known where it is called and each row costs what a hand-written loop costs.
    @inlinable
    public func query<Row>(_ sql: String, _ values: [SQLValue] = [], _ row: (Statement) -> Row) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(row(statement))
        }
        statement.reset()
        return rows
    }

    /// Runs one query with `values` bound and hands each row to `body` as it comes, holding no
    /// more than one row; a `body` that throws stops the query, and its error is thrown.
    public func forEachRow(_ sql: String, _ values: [SQLValue] = [], _ body: (Statement) throws -> Void) throws {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() {
            try body(statement)
        }
    }

    /// The first row of one query with `values` bound, read by `row`, or nil when it has none.
    @inlinable
    public func queryFirst<Row>(_ sql: String, _ values: [SQLValue] = [], _ row: (Statement) -> Row) throws(SQLiteError) -> Row? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? row(statement) : nil
    }

    /// The schema version recorded in `PRAGMA user_version`.
    public func userVersion() throws(SQLiteError) -> Int {
        try queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether SQLite opened the file for reading only (asked to, or because it could not be written).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    static func error(_ code: Int32, _ connection: OpaquePointer, _ path: String) -> SQLiteError {
        let extended = sqlite3_extended_errcode(connection)
        var message = sqlite3_errmsg(connection).map { String(cString: $0) } ?? describe(code)
        // "disk I/O error" says nothing of what happened; the system's error number does.
        let systemError = sqlite3_system_errno(connection)
        if [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL].contains(code & 0xFF), systemError != 0 {
            message += ": " + String(cString: strerror(systemError))
        }
        return SQLiteError(code: extended & 0xFF == code & 0xFF ? extended : code, message: message, path: path)
    }

    static func describe(_ code: Int32) -> String {
        sqlite3_errstr(code).map { String(cString: $0) } ?? "SQLite error \(code)"
    }
}
