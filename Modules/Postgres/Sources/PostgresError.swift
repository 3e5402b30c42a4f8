import Foundation

/// A failure of the PostgreSQL layer: what kind it is, the server's SQLSTATE when it sent one,
/// its message in one line and the server it concerns (never its password).
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Equatable, Sendable {
        /// The URL is not a PostgreSQL URL this program accepts (the message names the part).
        case invalidURL
        /// The server cannot be reached, did not answer within the connect time-out, or the
        /// connection was lost.
        case unreachable
        /// The server refused the user or password (SQLSTATE class 28, or refused at connect).
        case authentication
        /// The role may not do what was asked, such as creating a table (42501).
        case permissionDenied
        /// The database named in the URL does not exist (3D000).
        case databaseNotFound
        /// A statement or a lock wait ran past its time-out (57014, 55P03), or every connection
        /// of the pool stayed busy past the connect time-out.
        case timeout
        /// A serialization failure or a deadlock (40001, 40P01): running the transaction again may work.
        case serialization
        /// A unique constraint refused a row (23505).
        case uniqueViolation
        /// The schema is at a version newer than the migrations reach (`newerSchema` says which).
        case newerSchema
        /// A table the schema needs exists but another program made it (the message names it).
        case foreignSchema
        /// A value read or bound is not what the code expects.
        case invalidValue
        /// Anything else the server or libpq reported.
        case other
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// The server's five-character SQLSTATE, or nil when the failure did not come from the server.
    public let sqlState: String?
    /// What went wrong, in one line.
    public let message: String
    /// The server, as `user@host:port/database` (no password), or empty.
    public let target: String
    /// For `newerSchema`: the version found and the newest the migrations reach.
    public let newerSchema: SchemaVersions?

    /// A schema version found in a database and the newest this program's migrations reach.
    public struct SchemaVersions: Equatable, Sendable {
        /// The highest version recorded in the database.
        public let found: Int
        /// The highest version of the migrations.
        public let known: Int

        /// The versions `found` and `known`.
        public init(found: Int, known: Int) {
            self.found = found
            self.known = known
        }
    }

    /// An error of `kind` saying `message` (made one line), about `target`.
    public init(kind: Kind, sqlState: String? = nil, message: String, target: String = "", newerSchema: SchemaVersions? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = Self.oneLine(message)
        self.target = target
        self.newerSchema = newerSchema
    }

    /// An error from the server's `sqlState` and `message`, its kind read from the SQLSTATE.
    init(sqlState: String, message: String, target: String) {
        let kind: Kind =
            switch sqlState {
            case "40001", "40P01": .serialization
            case "23505": .uniqueViolation
            case "57014", "55P03": .timeout
            case "3D000": .databaseNotFound
            case "42501": .permissionDenied
            case _ where sqlState.hasPrefix("28"): .authentication
            case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03": .unreachable
            default: .other
            }
        self.init(kind: kind, sqlState: sqlState, message: message, target: target)
    }

    /// The error with `target` filled in.
    func about(_ target: String) -> PostgresError {
        PostgresError(kind: kind, sqlState: sqlState, message: message, target: target, newerSchema: newerSchema)
    }

    /// The error in one line, as a person reads it.
    public var description: String {
        let place = target.isEmpty ? "PostgreSQL" : "PostgreSQL \(target)"
        return sqlState.map { "\(place): \(message) (SQLSTATE \($0))" } ?? "\(place): \(message)"
    }

    /// What libpq's `text` says, for a message: its first line only, since the lines after it
    /// (`LINE 1: …`, `QUERY:`, `CONTEXT:`) quote the statement, and the operation `sql` was
    /// (its first word, such as `SELECT`) named instead.
    static func libpqMessage(_ text: String, during sql: String) -> String {
        let first = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let line = first.hasPrefix("ERROR:") ? first.dropFirst("ERROR:".count).trimmingCharacters(in: .whitespaces) : first
        let word = sql.drop { !$0.isLetter }.prefix { $0.isLetter }.uppercased()
        return "\(line.isEmpty ? "the server did not answer" : line) (while running \(word.isEmpty ? "a statement" : word))"
    }

    /// `text` with its lines joined by spaces and trimmed, control characters dropped.
    static func oneLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let joined = lines.joined(separator: " ")
        return String(String.UnicodeScalarView(joined.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }
}
