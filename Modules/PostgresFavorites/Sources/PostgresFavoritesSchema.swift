import Postgres

/// The favourites schema on PostgreSQL, in numbered steps recorded in `favorites_migrations`
/// (see docs/FAVORITES.md): the SQLite schema's columns with PostgreSQL's types.
public enum PostgresFavoritesSchema {
    /// The table that records the steps a database has run.
    public static let migrationsTable = "favorites_migrations"

    /// Every step, in order.
    public static let migrations = [
        PostgresMigration(
            version: 1,
            sql: """
                CREATE TABLE favorites (
                    character_id bigint PRIMARY KEY,
                    name text NOT NULL,
                    note text NOT NULL DEFAULT '',
                    rating smallint CHECK (rating BETWEEN 1 AND 5),
                    added_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL
                );
                CREATE INDEX favorites_by_added_at ON favorites (added_at, character_id)
                """)
    ]

    /// The favorites table's columns at every version so far, as the catalog writes them.
    static let tableColumns = [
        PostgresRelation.Column(name: "character_id", type: "bigint", isKey: true), PostgresRelation.Column(name: "name", type: "text"),
        PostgresRelation.Column(name: "note", type: "text"), PostgresRelation.Column(name: "rating", type: "smallint"),
        PostgresRelation.Column(name: "added_at", type: "timestamp with time zone"),
        PostgresRelation.Column(name: "updated_at", type: "timestamp with time zone"),
    ]

    /// Why the database behind `connection`, at schema `version`, is not one these migrations
    /// made, or nil when it is: no favorites table before version 1, and from version 1 a
    /// favorites table with exactly these columns and key. Constraints are not compared (the
    /// rows are checked as they are read).
    public static func problem(_ connection: PostgresConnection, version: Int) throws(PostgresError) -> String? {
        let table = try connection.relation("favorites")
        guard version > 0 else {
            guard let table else { return nil }
            return table.difference(from: tableColumns, name: "favorites")
                ?? "its favorites table is not recorded in \(migrationsTable) (at no version)"
        }
        guard let table else { return "it is at schema version \(version) but has no favorites table" }
        return table.difference(from: tableColumns, name: "favorites")
    }

    /// The channel every store announces its committed changes on.
    static let channel = "excelsior_favorites"

    /// The columns read, in this order.
    static let columns = "character_id, name, note, rating, added_at, updated_at"
}
