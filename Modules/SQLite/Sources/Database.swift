import CSQLite
import Foundation
import Synchronization

// @unchecked: `connection` (a non-Sendable class around the SQLite handle, opened with
// SQLITE_OPEN_NOMUTEX) is only touched inside `lock.withLock`, so one thread at a time uses it.

/// An SQLite database in a file or in memory, safe to share between tasks: one connection,
/// lent to one caller at a time. File databases use write-ahead logging and a busy time-out, so
/// several processes can read and write one file; transactions are rolled back when their body
/// throws; the schema is migrated in numbered steps recorded in `PRAGMA user_version`.
public final class Database: @unchecked Sendable {  // Safe: see the comment above.
    /// The path that opens a private in-memory database.
    public static let inMemoryPath = ":memory:"

    /// The database file, or `:memory:`.
    public let path: String
    private let lock = Mutex(())
    private let connection: Connection

    /// Whether this database was opened for reading only (see `init`'s `readOnlyFallback`).
    public let isReadOnly: Bool
    /// Whether it was opened for reading only because its file system has no room left
    /// (`readOnlyFallback`): a write would fail for want of space.
    public let isOnAFullDisk: Bool

    /// The least room a file system must have for the file to be opened for writing with
    /// `readOnlyFallback`: opening for writing makes the `-shm` file (32 KiB) and the `-wal`.
    public static let roomToWrite: UInt64 = 64 * 1024

    /// Looks at the schema of an existing database at `version` (its `user_version`, 1 or more)
    /// before anything is written to it; returns why it is not the schema the migrations made, or nil.
    public typealias SchemaCheck = (_ connection: Connection, _ version: Int) throws(SQLiteError) -> String?

    /// Opens (creating it if needed) the database at `path`, or an in-memory one for `:memory:`,
    /// then applies `migrations`. `busyTimeout` is how long to wait for another process's lock,
    /// opening included (several processes may create one file at once).
    ///
    /// Refused before anything is written to it: something other than a regular file; with
    /// `verify`, a file that fails `PRAGMA quick_check` (constraint failures in rows are no
    /// damage: whoever reads the rows judges them); with migrations, one that holds tables but no
    /// schema version (another program's database), one at a version newer than they reach, and
    /// one that `schemaCheck` does not recognise. With `readOnlyFallback`, an existing file that
    /// cannot be written (its mode, its folder's, a read-only mount, or a file system with less
    /// than `roomToWrite` free) is opened for reading only, leaving nothing beside it, and is not
    /// migrated; writes then fail with `SQLITE_READONLY`.
    public init(
        path: String, busyTimeout: Duration = .seconds(5), verify: Bool = false, migrations: [Migration] = [],
        schemaCheck: SchemaCheck? = nil, readOnlyFallback: Bool = false
    ) throws(SQLiteError) {
        self.path = path
        let isFile = path != Self.inMemoryPath
        var mode = isFile ? try Self.mode(path, readOnlyFallback: readOnlyFallback) : .readWrite
        isOnAFullDisk = mode == .readWrite && readOnlyFallback && Self.lacksRoom(path)
        if isOnAFullDisk { mode = Self.readOnlyMode(path) }
        var connection = try Connection(path: path, busyTimeout: busyTimeout, mode: mode)
        if mode == .readWrite && readOnlyFallback && connection.isReadOnly {
            connection = try Connection(path: path, busyTimeout: busyTimeout, mode: Self.readOnlyMode(path))
        }
        self.connection = connection
        isReadOnly = connection.isReadOnly
        let latest = migrations.map(\.version).max() ?? 0
        // A process creating the file at this moment can make SQLite answer "busy" at once,
        // without the busy handler (switching to WAL): so every step up to the migration is
        // tried again until the busy time-out has passed.
        let deadline = ContinuousClock.now + busyTimeout
        var pause = Duration.milliseconds(1)
        while true {
            do {
                try prepare(verify: verify, migrations: !migrations.isEmpty, latest: latest, schemaCheck: schemaCheck, isFile: isFile)
                break
            } catch  where error.kind == .busy && ContinuousClock.now + pause < deadline {
                Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
                pause = min(pause * 2, .milliseconds(50))
            }
        }
        if !isReadOnly { try migrate(migrations) }
    }

    /// The checks and settings before migrating: nothing in them writes to a file that is refused.
    private func prepare(verify: Bool, migrations: Bool, latest: Int, schemaCheck: SchemaCheck?, isFile: Bool) throws(SQLiteError) {
        try connection.execute("PRAGMA foreign_keys = ON")
        if verify, let problem = try connection.query("PRAGMA quick_check", [], { $0.text(0) }).first(where: Self.isDamage) {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "the integrity check failed: \(problem)", path: path)
        }
        if migrations {
            // One statement, so one snapshot: a process creating the file cannot be seen halfway.
            let sql = "SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
            let (version, objects) = try connection.queryFirst(sql, [], { ($0.int(0), $0.int(1)) }) ?? (0, 0)
            if version > latest { throw newerSchema(version, latest) }
            if version == 0 && objects > 0 {
                throw SQLiteError(
                    code: SQLITE_NOTADB, message: "it holds tables but no schema version, so another program made it", path: path)
            }
            if version > 0, let schemaCheck, let problem = try schemaCheck(connection, version) {
                throw SQLiteError(code: SQLITE_NOTADB, message: problem, path: path)
            }
        }
        if isFile && !isReadOnly {
            _ = try connection.query("PRAGMA journal_mode = WAL") { $0.text(0) }
            try connection.execute("PRAGMA synchronous = NORMAL")
        }
    }

    /// Whether a line of `PRAGMA quick_check` is damage rather than a row breaking a constraint
    /// (a NULL, a value of the wrong type, a failed CHECK), which reading the row finds out.
    private static func isDamage(_ line: String) -> Bool {
        let rowProblem =
            line == "ok" || line.hasPrefix("CHECK constraint failed in ") || line.hasPrefix("NULL value in ")
            || line.hasPrefix("NUMERIC value in ") || (line.hasPrefix("non-") && line.contains(" value in "))
        return !rowProblem
    }

    /// How to open the file at `path`: refused unless it is a regular file (or missing); read-only
    /// when `readOnlyFallback` and it exists but cannot be written.
    private static func mode(_ path: String, readOnlyFallback: Bool) throws(SQLiteError) -> Connection.Mode {
        var status = stat()
        guard stat(path, &status) == 0 else { return .readWrite }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw SQLiteError(code: SQLITE_NOTADB, message: "a directory is where the database file should be", path: path)
        case let type:
            let what =
                switch type {
                case S_IFIFO: "a FIFO"
                case S_IFCHR: "a character device"
                case S_IFBLK: "a block device"
                case S_IFSOCK: "a socket"
                default: "something"
                }
            throw SQLiteError(code: SQLITE_NOTADB, message: "it is \(what), not a regular file", path: path)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let writable = access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
        return writable || !readOnlyFallback ? .readWrite : readOnlyMode(path)
    }

    /// Whether the file at `path` exists on a file system with less than `roomToWrite` free.
    private static func lacksRoom(_ path: String) -> Bool {
        var status = statvfs()
        guard FileManager.default.fileExists(atPath: path), statvfs(path, &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < roomToWrite
    }

    /// Read-only through the write-ahead log when one is there (it may hold committed changes),
    /// else immutable, which needs no `-shm` file and leaves none.
    private static func readOnlyMode(_ path: String) -> Connection.Mode {
        FileManager.default.fileExists(atPath: path + "-wal") ? .readOnly : .immutable
    }

    /// A new, private in-memory database with `migrations` applied.
    public static func inMemory(migrations: [Migration] = []) throws(SQLiteError) -> Database {
        try Database(path: inMemoryPath, migrations: migrations)
    }

    /// Runs `body` with the connection, outside any transaction of ours (each statement is its own).
    @discardableResult
    public func read<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { _ in try body(connection) }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): committed when it returns,
    /// rolled back when it throws, and nothing of it is seen by others before the commit.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { _ in try inTransaction(body) }
    }

    /// The schema version recorded in `PRAGMA user_version`.
    public func userVersion() throws(SQLiteError) -> Int {
        try lock.withLock { _ throws(SQLiteError) in try connection.userVersion() }
    }

    /// The problems `PRAGMA integrity_check` finds (`quick_check` when `quick`, which skips
    /// matching indexes to rows); empty when the database is sound.
    public func integrityProblems(quick: Bool = false) throws(SQLiteError) -> [String] {
        let pragma = quick ? "PRAGMA quick_check" : "PRAGMA integrity_check"
        let lines = try lock.withLock { _ throws(SQLiteError) in try connection.query(pragma) { $0.text(0) } }
        return lines == ["ok"] ? [] : lines
    }

    /// Brings the schema to the highest version in `migrations`, running each missing step in
    /// order, all in one transaction; throws when the steps are not numbered 1, 2, 3… or when
    /// the database is already newer than they reach. No steps leave the schema alone.
    public func migrate(_ migrations: [Migration]) throws(SQLiteError) {
        guard !migrations.isEmpty else { return }
        let steps = migrations.sorted { $0.version < $1.version }
        guard steps.enumerated().allSatisfy({ $0.offset + 1 == $0.element.version }) else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "migrations must be numbered 1, 2, 3… without gaps", path: path)
        }
        let latest = steps.last?.version ?? 0
        try lock.withLock { _ throws(SQLiteError) in
            let current = try connection.userVersion()
            if current > latest { throw newerSchema(current, latest) }
            guard current < latest else { return }
            do {
                try inTransaction { connection in
                    let current = try connection.userVersion()
                    if current > latest { throw newerSchema(current, latest) }
                    for step in steps where step.version > current {
                        try connection.execute(step.sql)
                        try connection.execute("PRAGMA user_version = \(step.version)")
                    }
                }
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path)
            }
        }
    }

    private func newerSchema(_ current: Int, _ latest: Int) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR,
            message: "the schema is at version \(current), newer than this program knows (\(latest)); use a newer program",
            path: path, newerSchema: SQLiteError.SchemaVersions(found: current, known: latest))
    }

    /// `body` between `BEGIN IMMEDIATE` and `COMMIT`, or `ROLLBACK` when anything throws.
    private func inTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try connection.run("BEGIN IMMEDIATE")
        do {
            let result = try body(connection)
            try connection.run("COMMIT")
            return result
        } catch {
            if connection.isInTransaction { _ = try? connection.run("ROLLBACK") }
            throw error
        }
    }
}
