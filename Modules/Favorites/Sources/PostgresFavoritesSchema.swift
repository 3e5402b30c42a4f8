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

    /// The channel every store announces its committed changes on.
    static let channel = "excelsior_favorites"

    /// The columns read, in this order.
    static let columns = "character_id, name, note, rating, added_at, updated_at"
}
