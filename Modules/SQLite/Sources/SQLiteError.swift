import CSQLite

/// A failure SQLite reported, with its result code, its message and the database it concerns.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, from the primary result code.
    public enum Kind: Equatable, Sendable {
        /// Another connection holds the lock past the busy time-out (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// The file is not a database, or it is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, or a directory).
        case damaged
        /// The file cannot be opened (`SQLITE_CANTOPEN`, `SQLITE_PERM`, `SQLITE_READONLY`).
        case cannotOpen
        /// A constraint failed (`SQLITE_CONSTRAINT`): a duplicate key, a failed check.
        case constraint
        /// Anything else.
        case other
    }

    /// SQLite's extended result code (`SQLITE_CONSTRAINT_PRIMARYKEY`, …).
    public let code: Int32
    /// SQLite's message, or ours where SQLite gave none.
    public let message: String
    /// The database file, or `:memory:`.
    public let path: String

    /// An error with SQLite's `code` and `message` about the database at `path`.
    public init(code: Int32, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The primary result code (the low byte of `code`).
    public var primaryCode: Int32 { code & 0xFF }

    /// What kind of failure it is.
    public var kind: Kind {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB, SQLITE_CORRUPT: .damaged
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY: .cannotOpen
        case SQLITE_CONSTRAINT: .constraint
        default: .other
        }
    }

    /// The error in one line, as a person reads it.
    public var description: String {
        "\(path): \(message) (SQLite code \(code))"
    }
}
