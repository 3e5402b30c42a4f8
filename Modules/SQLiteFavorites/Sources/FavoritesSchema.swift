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

extension FavoritesSchema {
    /// The columns of the favorites table at every version so far: name, declared type, and
    /// whether it is the primary key.
    static let columns: [(name: String, type: String, isKey: Bool)] = [
        ("character_id", "INTEGER", true), ("name", "TEXT", false), ("note", "TEXT", false), ("rating", "INTEGER", false),
        ("added_at", "INTEGER", false), ("updated_at", "INTEGER", false),
    ]

    /// Why the database behind `connection`, at schema `version`, is not a favourites database
    /// this program made, or nil when it is: a favorites table with exactly these columns.
    /// Constraints are not compared (a tool that recreates the table may drop them): the rows
    /// are checked as they are read.
    public static func problem(_ connection: Connection, version: Int) throws(SQLiteError) -> String? {
        let found = try connection.query("SELECT name, upper(type), pk FROM pragma_table_info('favorites') ORDER BY cid") {
            (name: $0.text(0), type: $0.text(1), isKey: $0.int(2) == 1)
        }
        if found.isEmpty { return "it is at schema version \(version) but has no favorites table, so another program made it" }
        guard found.elementsEqual(columns, by: { $0.name == $1.name && $0.type == $1.type && $0.isKey == $1.isKey }) else {
            let names = found.map(\.name).joined(separator: ", ")
            return
                "its favorites table has the columns \(names), not \(columns.map(\.name).joined(separator: ", ")), so another program made it"
        }
        return nil
    }
}
