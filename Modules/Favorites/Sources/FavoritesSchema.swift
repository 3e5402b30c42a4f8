import SQLite

/// The favourites database's schema, in numbered steps (see docs/FAVORITES.md).
public enum FavoritesSchema {
    /// Every step, in order; a database records the last one it ran in `PRAGMA user_version`.
    public static let migrations = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE favorites (
                    character_id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    note TEXT NOT NULL DEFAULT '',
                    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
                    added_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                ) STRICT
                """),
        Migration(version: 2, sql: "CREATE INDEX favorites_by_added_at ON favorites (added_at, character_id)"),
    ]
}
