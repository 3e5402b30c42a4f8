import CSQLite

/// One open SQLite connection and its prepared statements. Not thread-safe: a `Database` owns
/// it and lends it to one caller at a time.
public final class Connection {
    /// The database file, or `:memory:`.
    public let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    init(path: String, busyTimeout: Duration) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
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

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    static func error(_ code: Int32, _ connection: OpaquePointer, _ path: String) -> SQLiteError {
        let extended = sqlite3_extended_errcode(connection)
        let message = sqlite3_errmsg(connection).map { String(cString: $0) } ?? describe(code)
        return SQLiteError(code: extended & 0xFF == code & 0xFF ? extended : code, message: message, path: path)
    }

    static func describe(_ code: Int32) -> String {
        sqlite3_errstr(code).map { String(cString: $0) } ?? "SQLite error \(code)"
    }
}
