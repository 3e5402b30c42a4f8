/// One numbered step of a schema: the SQL that takes a database from version `version - 1` to
/// `version`, recorded in the migrations table in the same transaction.
public struct PostgresMigration: Equatable, Sendable {
    /// The schema version this step produces, from 1.
    public let version: Int
    /// The SQL it runs; several statements may be separated by semicolons.
    public let sql: String

    /// The step to `version` that runs `sql`.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}
