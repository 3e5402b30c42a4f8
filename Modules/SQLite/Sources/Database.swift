import CSQLite
import Foundation
import Synchronization

/// An SQLite database in a file or in memory, safe to share between tasks: one connection,
/// lent to one caller at a time. File databases use write-ahead logging and a busy time-out, so
/// several processes can read and write one file; transactions are rolled back when their body
/// throws; the schema is migrated in numbered steps recorded in `PRAGMA user_version`.
// @unchecked: `connection` (a non-Sendable class around the SQLite handle, opened with
// SQLITE_OPEN_NOMUTEX) is only touched inside `lock.withLock`, so one thread at a time uses it.
public final class Database: @unchecked Sendable {  // Safe: see above.
    /// The path that opens a private in-memory database.
    public static let inMemoryPath = ":memory:"

    /// The database file, or `:memory:`.
    public let path: String
    private let lock = Mutex(())
    private let connection: Connection

    /// Opens (creating it if needed) the database at `path`, or an in-memory one for `:memory:`,
    /// then applies `migrations`. `busyTimeout` is how long to wait for another process's lock.
    /// Refused before anything is written to it: with `verify`, a file that fails
    /// `PRAGMA quick_check`; with migrations, one that holds tables but no schema version
    /// (another program's database).
    public init(path: String, busyTimeout: Duration = .seconds(5), verify: Bool = false, migrations: [Migration] = []) throws(SQLiteError) {
        var isDirectory: ObjCBool = false
        if path != Self.inMemoryPath && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue {
            throw SQLiteError(code: SQLITE_NOTADB, message: "a directory is where the database file should be", path: path)
        }
        self.path = path
        connection = try Connection(path: path, busyTimeout: busyTimeout)
        try connection.execute("PRAGMA foreign_keys = ON")
        if verify, let problem = try integrityProblems(quick: true).first {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "the integrity check failed: \(problem)", path: path)
        }
        if !migrations.isEmpty, try connection.userVersion() == 0,
            try connection.queryFirst("SELECT count(*) FROM sqlite_master", [], { $0.int(0) }) ?? 0 > 0
        {
            throw SQLiteError(
                code: SQLITE_NOTADB, message: "it holds tables but no schema version, so another program made it", path: path)
        }
        if path != Self.inMemoryPath {
            _ = try connection.query("PRAGMA journal_mode = WAL") { $0.text(0) }
            try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try migrate(migrations)
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
            path: path)
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
