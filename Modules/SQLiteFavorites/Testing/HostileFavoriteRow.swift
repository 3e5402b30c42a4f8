import Foundation
import SQLite

/// Values no version of the program writes, as another tool could (the `sqlite3` shell, a sync
/// tool, a later version): each case puts one bad value into one favourite of an existing
/// favourites database, through the SQLite layer, so tests need no `sqlite3` installed.
public enum HostileFavoriteRow: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `added_at` is `Int64.max` milliseconds.
    case addedAtInt64Max
    /// `updated_at` is `Int64.min` milliseconds.
    case updatedAtInt64Min
    /// `added_at` is a day before 1970.
    case addedAtBefore1970
    /// `rating` is 9 (the CHECK constraint ignored).
    case ratingNine
    /// `rating` is -3 (the CHECK constraint ignored).
    case ratingMinusThree
    /// `rating` is the real number 4.5 (in a table recreated without STRICT).
    case ratingReal
    /// `name` is NULL (in a table recreated without NOT NULL).
    case nameNull
    /// `note` is NULL (in a table recreated without NOT NULL).
    case noteNull
    /// `added_at` is NULL (in a table recreated without NOT NULL).
    case addedAtNull
    /// `added_at` is the text '2024-01-01' (in a table recreated without STRICT).
    case addedAtText
    /// `name` is a blob (in a table recreated without STRICT).
    case nameBlob
    /// `name` is text that is not UTF-8.
    case nameInvalidUTF8
    /// `name` is 2 MiB of text.
    case nameTwoMebibytes
    /// `note` has 600 characters (the rule allows 500).
    case noteTooLong
    /// `note` holds a newline.
    case noteWithControlCharacters
    /// `character_id` is -7.
    case negativeCharacterID

    /// The case's name, as test reports show it.
    public var description: String { rawValue }

    /// The column it spoils, as a message about it names it.
    public var column: String {
        switch self {
        case .addedAtInt64Max, .addedAtBefore1970, .addedAtNull, .addedAtText: "added_at"
        case .updatedAtInt64Min: "updated_at"
        case .ratingNine, .ratingMinusThree, .ratingReal: "rating"
        case .nameNull, .nameBlob, .nameInvalidUTF8, .nameTwoMebibytes: "name"
        case .noteNull, .noteTooLong, .noteWithControlCharacters: "note"
        case .negativeCharacterID: "character id"
        }
    }

    /// The character id the spoiled favourite has afterwards (`characterID`, unless the id is what it spoils).
    public func characterID(spoiling characterID: Int) -> Int {
        self == .negativeCharacterID ? -7 : characterID
    }

    /// The statement that spoils the row whose id is `?1`.
    private var sql: String {
        switch self {
        case .addedAtInt64Max: "UPDATE favorites SET added_at = 9223372036854775807 WHERE character_id = ?1"
        case .updatedAtInt64Min: "UPDATE favorites SET updated_at = -9223372036854775808 WHERE character_id = ?1"
        case .addedAtBefore1970: "UPDATE favorites SET added_at = -86400000 WHERE character_id = ?1"
        case .ratingNine: "UPDATE favorites SET rating = 9 WHERE character_id = ?1"
        case .ratingMinusThree: "UPDATE favorites SET rating = -3 WHERE character_id = ?1"
        case .ratingReal: "UPDATE favorites SET rating = 4.5 WHERE character_id = ?1"
        case .nameNull: "UPDATE favorites SET name = NULL WHERE character_id = ?1"
        case .noteNull: "UPDATE favorites SET note = NULL WHERE character_id = ?1"
        case .addedAtNull: "UPDATE favorites SET added_at = NULL WHERE character_id = ?1"
        case .addedAtText: "UPDATE favorites SET added_at = '2024-01-01' WHERE character_id = ?1"
        case .nameBlob: "UPDATE favorites SET name = x'53706964' WHERE character_id = ?1"
        case .nameInvalidUTF8: "UPDATE favorites SET name = CAST(x'53ff70fe' AS TEXT) WHERE character_id = ?1"
        case .nameTwoMebibytes: "UPDATE favorites SET name = replace(hex(zeroblob(1048576)), '0', 'x') WHERE character_id = ?1"
        case .noteTooLong: "UPDATE favorites SET note = replace(hex(zeroblob(300)), '0', 'n') WHERE character_id = ?1"
        case .noteWithControlCharacters: "UPDATE favorites SET note = 'two' || char(10) || 'lines' WHERE character_id = ?1"
        case .negativeCharacterID: "UPDATE favorites SET character_id = -7 WHERE character_id = ?1"
        }
    }

    /// Whether it needs the table as a tool that recreates it might leave it: the same columns
    /// without STRICT, NOT NULL and CHECK.
    private var needsRelaxedTable: Bool {
        switch self {
        case .ratingReal, .nameNull, .noteNull, .addedAtNull, .addedAtText, .nameBlob: true
        default: false
        }
    }

    /// The favourites table with the same columns, without STRICT, NOT NULL and CHECK.
    public static let relaxedTable =
        "CREATE TABLE favorites (character_id INTEGER PRIMARY KEY, name TEXT, note TEXT, rating INTEGER, added_at INTEGER, updated_at INTEGER)"

    /// Spoils the favourite for `characterID` in the favourites database at `path`.
    public func apply(to path: String, characterID: Int) throws {
        if needsRelaxedTable {
            let database = try Database(path: path)
            try database.read { connection in
                try connection.execute(
                    """
                    PRAGMA writable_schema = ON;
                    UPDATE sqlite_master SET sql = '\(Self.relaxedTable)' WHERE type = 'table' AND name = 'favorites';
                    PRAGMA writable_schema = OFF;
                    """)
            }
        }
        let database = try Database(path: path)
        try database.read { connection in
            try connection.execute("PRAGMA ignore_check_constraints = ON")
            let changed = try connection.run(sql, [.int(characterID)])
            guard changed == 1 else { throw SQLiteError(code: 12, message: "no favourite \(characterID) to spoil", path: path) }
        }
    }
}
