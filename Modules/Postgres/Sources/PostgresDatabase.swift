import Foundation

/// A PostgreSQL database reached through a pool of connections, safe to share between tasks:
/// transactions are rolled back when their body throws and run again after a serialization
/// failure or a deadlock; the schema is migrated in numbered steps recorded in a table.
public final class PostgresDatabase: Sendable {
    /// The pool every call borrows a connection from.
    public let pool: PostgresPool

    /// The server, as `user@host:port/database` (no password).
    public var target: String { pool.configuration.target }

    /// A database on the server `configuration` names; connects once, so an unreachable server,
    /// a refused password or a missing database is reported here.
    public init(configuration: PostgresConfiguration) throws(PostgresError) {
        pool = PostgresPool(configuration: configuration)
        do {
            try pool.withConnection { _ in }
        } catch {
            throw Self.postgresError(error, target: configuration.target)
        }
    }

    /// Runs `body` with a connection, outside any transaction (each statement is its own).
    @discardableResult
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try pool.withConnection(body)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// A serialization failure or a deadlock runs it again, up to `transactionAttempts` times in
    /// all, so `body` must do nothing but through its connection.
    @discardableResult
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let attempts = max(1, pool.configuration.transactionAttempts)
        var attempt = 1
        while true {
            do {
                return try pool.withConnection { try $0.transaction(body) }
            } catch let error as PostgresError where error.kind == .serialization && attempt < attempts {
                attempt += 1
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.005 * Double(attempt)))
            }
        }
    }

    /// Brings the schema to the highest version of `migrations`, each missing step in its own
    /// transaction, recorded in `table`; two processes migrating at once wait for each other
    /// (an advisory lock named after `table`). Before any step, and on a database already up to
    /// date, `schemaCheck` is given a connection and the version found, and returns why the
    /// database is not one these migrations made (another program's tables), or nil.
    /// Throws `newerSchema` when the database is at a version newer than the steps reach,
    /// `foreignSchema` when `table` or `schemaCheck` says another program made it (nothing is
    /// written then), and `invalidValue` when the steps are not numbered 1, 2, 3….
    public func migrate(
        _ migrations: [PostgresMigration], table: String,
        schemaCheck: (PostgresConnection, Int) throws(PostgresError) -> String? = { _, _ in nil }
    ) throws(PostgresError) {
        let steps = migrations.sorted { $0.version < $1.version }
        guard steps.enumerated().allSatisfy({ $0.offset + 1 == $0.element.version }) else {
            throw PostgresError(kind: .invalidValue, message: "migrations must be numbered 1, 2, 3… without gaps", target: target)
        }
        guard table.utf8.allSatisfy({ (97...122).contains($0) || $0 == 95 || (48...57).contains($0) }), table.first?.isLetter == true else {
            throw PostgresError(kind: .invalidValue, message: "the migrations table name '\(table)' is not lowercase letters, digits and _")
        }
        let latest = steps.last?.version ?? 0
        let lock = PostgresValue.int(Self.lockKey(table))
        /// The version recorded, once checked: not newer than the steps, and the schema ours.
        func checkedVersion(_ connection: PostgresConnection) throws(PostgresError) -> Int? {
            let recorded = try recordedVersion(connection, table: table)
            let current = recorded ?? 0
            if current > latest { throw newerSchema(current, latest) }
            if let problem = try schemaCheck(connection, current) { throw foreignSchema(problem) }
            return recorded
        }
        do {
            if try read({ connection in try checkedVersion(connection) }) == latest { return }
            for step in steps {
                try transaction { connection in
                    try connection.execute("SELECT pg_advisory_xact_lock($1)", [lock])
                    let recorded = try checkedVersion(connection)
                    guard (recorded ?? 0) < step.version else { return }
                    if recorded == nil {
                        try connection.run(
                            "CREATE TABLE \(table) (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
                    }
                    try connection.run(step.sql)
                    try connection.execute("INSERT INTO \(table) (version) VALUES ($1)", [.int(step.version)])
                }
            }
        } catch {
            throw Self.postgresError(error, target: target)
        }
    }

    /// The highest version recorded in `table`, 0 when there is none; throws `foreignSchema`
    /// when `table` is not a migrations table, and `newerSchema` through `migrate` only.
    public func schemaVersion(table: String) throws(PostgresError) -> Int {
        do {
            return try read { connection in try recordedVersion(connection, table: table) ?? 0 }
        } catch {
            throw Self.postgresError(error, target: target)
        }
    }

    /// The columns of a migrations table.
    private static let migrationsColumns = [
        PostgresRelation.Column(name: "version", type: "integer", isKey: true),
        PostgresRelation.Column(name: "applied_at", type: "timestamp with time zone"),
    ]

    /// The highest version recorded in `table` (0 when it has no row), or nil when there is no
    /// such table; throws `foreignSchema` when another program made a relation of that name.
    private func recordedVersion(_ connection: PostgresConnection, table: String) throws(PostgresError) -> Int? {
        guard let relation = try connection.relation(table) else { return nil }
        if let problem = relation.difference(from: Self.migrationsColumns, name: table) { throw foreignSchema(problem) }
        do {
            return try connection.queryFirst("SELECT coalesce(max(version), 0) FROM \(table)") { try $0.int(0) } ?? 0
        } catch {
            throw Self.postgresError(error, target: target)
        }
    }

    private func foreignSchema(_ problem: String) -> PostgresError {
        PostgresError(kind: .foreignSchema, message: "\(problem), so another program made it", target: target)
    }

    private func newerSchema(_ found: Int, _ known: Int) -> PostgresError {
        PostgresError(
            kind: .newerSchema,
            message: "the schema is at version \(found), newer than the version \(known) this program knows; use a newer program",
            target: target, newerSchema: PostgresError.SchemaVersions(found: found, known: known))
    }

    /// The advisory lock key for `name`: its 64-bit FNV-1a hash, the same in every process.
    static func lockKey(_ name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// `error` as a `PostgresError`, about this database.
    static func postgresError(_ error: any Error, target: String) -> PostgresError {
        (error as? PostgresError) ?? PostgresError(kind: .other, message: "\(error)", target: target)
    }
}
