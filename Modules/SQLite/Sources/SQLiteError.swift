import CSQLite

/// A failure SQLite reported, with its result code, its message and the database it concerns.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, from the primary result code.
    public enum Kind: Equatable, Sendable {
        /// Another connection holds the lock past the busy time-out (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// The file is not a database, or it is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, or a directory).
        case damaged
        /// The file cannot be opened (`SQLITE_CANTOPEN`, `SQLITE_PERM`).
        case cannotOpen
        /// The database was opened for reading only, or its file cannot be written (`SQLITE_READONLY`).
        case readOnly
        /// A constraint failed (`SQLITE_CONSTRAINT`): a duplicate key, a failed check.
        case constraint
        /// The schema is at a version newer than the migrations reach (`newerSchema` says which).
        case newerSchema
        /// Anything else.
        case other
    }

    /// SQLite's extended result code (`SQLITE_CONSTRAINT_PRIMARYKEY`, …).
    public let code: Int32
    /// SQLite's message, or ours where SQLite gave none.
    public let message: String
    /// The database file, or `:memory:`.
    public let path: String
    /// For a schema newer than the migrations reach: the version found and the newest known.
    public let newerSchema: SchemaVersions?

    /// A schema version found in a database, and the newest this program's migrations reach.
    public struct SchemaVersions: Equatable, Sendable {
        /// The version in the database's `PRAGMA user_version`.
        public let found: Int
        /// The highest version of the migrations.
        public let known: Int

        /// The versions `found` and `known`.
        public init(found: Int, known: Int) {
            self.found = found
            self.known = known
        }
    }

    /// An error with SQLite's `code` and `message` about the database at `path`; `newerSchema`
    /// for a database whose schema is newer than the migrations reach.
    public init(code: Int32, message: String, path: String, newerSchema: SchemaVersions? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.newerSchema = newerSchema
    }

    /// The primary result code (the low byte of `code`).
    public var primaryCode: Int32 { code & 0xFF }

    /// What kind of failure it is.
    public var kind: Kind {
        if newerSchema != nil { return .newerSchema }
        return switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB, SQLITE_CORRUPT: .damaged
        case SQLITE_CANTOPEN, SQLITE_PERM: .cannotOpen
        case SQLITE_READONLY: .readOnly
        case SQLITE_CONSTRAINT: .constraint
        default: .other
        }
    }

    /// The error in one line, as a person reads it.
    public var description: String {
        "\(path): \(message) (SQLite code \(code))"
    }
}
