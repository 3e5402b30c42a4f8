import Favorites
import Foundation
import Postgres

/// Favourites in a PostgreSQL database that several processes and machines share: each change
/// is one statement (so one transaction), a unique key decides which of two adds of a character
/// wins, and every committed change is announced (NOTIFY) so every store's `changes()` sees it.
public final class PostgresFavoritesStore: FavoritesStore {
    /// The server, as `user@host:port/database` (never the password).
    public let server: String
    private let database: PostgresDatabase
    private let feed = FavoriteChangeFeed()
    private let listener: PostgresChangeListener
    private let origin = UUID().uuidString

    /// Connects to the database `configuration` names and brings its schema up to date; throws
    /// `unavailable`, `accessDenied` (a password refused, or a role that may not create the
    /// tables), `busy` (the migration lock held past the statement time-out), `newerSchema` or
    /// `damaged` (another program's tables of the same names) before anything is written.
    public init(configuration: PostgresConfiguration) throws(FavoritesError) {
        server = configuration.target
        do {
            database = try PostgresDatabase(configuration: configuration)
            try database.migrate(PostgresFavoritesSchema.migrations, table: PostgresFavoritesSchema.migrationsTable) {
                connection, version throws(PostgresError) in try PostgresFavoritesSchema.problem(connection, version: version)
            }
        } catch let error where error.kind == .permissionDenied {
            let advice =
                "this role may not create the favourites tables: run the program once as the database's owner, "
                + "or grant the role CREATE on the schema"
            throw .accessDenied(server: configuration.target, reason: "\(error.message); \(advice)")
        } catch {
            throw Self.favoritesError(error, server: configuration.target)
        }
        listener = PostgresChangeListener(configuration: configuration, origin: origin, feed: feed)
    }

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`).
    public convenience init(url: String) throws(FavoritesError) {
        let configuration: PostgresConfiguration
        do {
            configuration = try PostgresConfiguration(url: url)
        } catch {
            throw .unavailable(server: "(the URL given)", reason: error.message)
        }
        try self.init(configuration: configuration)
    }

    deinit {
        listener.stop()
    }

    /// Keeps `favorite`; throws `alreadyFavorite` when its character is a favourite already.
    public func add(_ favorite: Favorite) throws(FavoritesError) {
        try access { connection in
            // A concurrent remove can take the row away between the refused insert and the
            // read, so the pair is tried again.
            for _ in 0..<3 {
                let inserted = try connection.execute(
                    """
                    WITH added AS (INSERT INTO favorites (\(PostgresFavoritesSchema.columns)) VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT (character_id) DO NOTHING RETURNING character_id)
                    SELECT pg_notify('\(PostgresFavoritesSchema.channel)', $7) FROM added
                    """,
                    [
                        .int(favorite.characterID), .text(favorite.name), .text(favorite.note), .int(favorite.rating),
                        .date(favorite.addedAt), .date(favorite.updatedAt), .text(announcement(.added(characterID: favorite.characterID))),
                    ])
                if inserted == 1 { return }
                if let existing = try Self.find(favorite.characterID, connection) {
                    throw FavoritesError.alreadyFavorite(characterID: existing.characterID, name: existing.name)
                }
            }
            throw FavoritesError.storage(path: server, reason: "the favourite kept changing while it was added; try again")
        }
        feed.publish(.added(characterID: favorite.characterID))
    }

    /// The favourite for `characterID`, or nil.
    public func favorite(characterID: Int) throws(FavoritesError) -> Favorite? {
        try access { try Self.find(characterID, $0) }
    }

    /// At most `limit` favourites from `offset`, by `addedAt` then character id; throws
    /// `unreadableFavorite` for the first row among them that is not a favourite.
    public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
        try access { connection in
            try connection.query(
                "SELECT \(PostgresFavoritesSchema.columns) FROM favorites ORDER BY added_at, character_id LIMIT $1 OFFSET $2",
                [.int(max(0, limit)), .int(max(0, offset))], Self.favorite)
        }
    }

    /// Tells `count` how many favourites there are, then hands each to `body`, from one snapshot,
    /// a thousand rows at a time through a cursor.
    public func forEach(count: (Int) -> Void, _ body: (Favorite) -> Void) throws(FavoritesError) {
        try access { connection in
            try connection.transaction { connection in
                try connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                count(try connection.queryFirst("SELECT count(*) FROM favorites") { try $0.int(0) } ?? 0)
                try connection.run(
                    "DECLARE walk NO SCROLL CURSOR FOR SELECT \(PostgresFavoritesSchema.columns) FROM favorites ORDER BY added_at, character_id"
                )
                var fetched = 0
                repeat {
                    fetched = 0
                    try connection.forEachRow("FETCH 1000 FROM walk") { row in
                        body(try Self.favorite(row))
                        fetched += 1
                    }
                } while fetched == 1000
            }
        }
    }

    /// Changes only the note (unless nil) and the rating (unless `.keep`) of the stored
    /// favourite, and its `updatedAt`, in one transaction that locks its row (`FOR UPDATE`)
    /// before reading it, so a concurrent update of the other field is kept; returns the
    /// favourite as stored. Throws `favoriteNotFound` when there is none, `unreadableFavorite`
    /// when it is not one.
    @discardableResult
    public func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite {
        let change = FavoriteChange.updated(characterID: characterID)
        var assignments = ["updated_at = $3"]
        var values: [PostgresValue] = [.int(characterID), .text(announcement(change)), .date(date)]
        if let note {
            values.append(.text(note))
            assignments.append("note = $\(values.count)")
        }
        if rating != .keep {
            values.append(.int(rating.applied(to: nil)))
            assignments.append("rating = $\(values.count)")
        }
        let updated = try transaction { connection in
            guard
                let current = try connection.queryFirst(
                    "SELECT \(PostgresFavoritesSchema.columns) FROM favorites WHERE character_id = $1 FOR UPDATE", [.int(characterID)],
                    Self.favorite)
            else { throw FavoritesError.favoriteNotFound(characterID: characterID) }
            try connection.execute(
                """
                WITH changed AS (UPDATE favorites SET \(assignments.joined(separator: ", ")) WHERE character_id = $1 RETURNING character_id)
                SELECT pg_notify('\(PostgresFavoritesSchema.channel)', $2) FROM changed
                """, values)
            return current.updated(note: note ?? current.note, rating: rating.applied(to: current.rating), at: date)
        }
        feed.publish(change)
        return updated
    }

    /// Forgets the favourite for `characterID`; throws `favoriteNotFound` when there is none.
    public func remove(characterID: Int) throws(FavoritesError) {
        let change = FavoriteChange.removed(characterID: characterID)
        try access { connection in
            let changed = try connection.execute(
                """
                WITH removed AS (DELETE FROM favorites WHERE character_id = $1 RETURNING character_id)
                SELECT pg_notify('\(PostgresFavoritesSchema.channel)', $2) FROM removed
                """,
                [.int(characterID), .text(announcement(change))])
            if changed == 0 { throw FavoritesError.favoriteNotFound(characterID: characterID) }
        }
        feed.publish(change)
    }

    /// How many favourites there are.
    public func count() throws(FavoritesError) -> Int {
        try access { try $0.queryFirst("SELECT count(*) FROM favorites") { try $0.int(0) } ?? 0 }
    }

    /// The changes committed from now on, through this store or any other on the same database
    /// (another process's arrive once the server delivers its notification, within a second).
    public func changes() -> AsyncStream<FavoriteChange> {
        let stream = feed.stream()
        listener.start()
        return stream
    }

    /// What a change is announced as: this store's origin, so it skips its own, then the change.
    private func announcement(_ change: FavoriteChange) -> String {
        PostgresChangeListener.payload(origin: origin, change: change)
    }

    /// `body` in one transaction (committed when it returns, rolled back when it throws).
    private func transaction<T>(_ body: (PostgresConnection) throws -> T) throws(FavoritesError) -> T {
        do {
            return try database.transaction(body)
        } catch {
            throw Self.favoritesError(error, server: server)
        }
    }

    private func access<T>(_ body: (PostgresConnection) throws -> T) throws(FavoritesError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.favoritesError(error, server: server)
        }
    }

    private static func find(_ characterID: Int, _ connection: PostgresConnection) throws -> Favorite? {
        try connection.queryFirst(
            "SELECT \(PostgresFavoritesSchema.columns) FROM favorites WHERE character_id = $1", [.int(characterID)], favorite)
    }

    /// The favourite in `row`, checked as `FavoriteRecord` asks of any store: text of at most
    /// `FavoriteRecord.maximumTextBytes` bytes (measured before it is decoded) and UTF-8.
    private static func favorite(_ row: PostgresRow) throws -> Favorite {
        var id = 0
        do {
            id = try row.int(0)
            return try FavoriteRecord.favorite(
                id: Int64(id), name: try text(row, 1, "name", id), note: try text(row, 2, "note", id),
                rating: row.isNull(3) ? nil : Int64(try row.int(3)), addedAt: Favorite.milliseconds(try row.date(4)),
                updatedAt: Favorite.milliseconds(try row.date(5)))
        } catch let error as PostgresError {
            throw FavoriteRecord.Refusal(characterID: id, reason: error.message)
        }
    }

    /// Column `column` (named `name`) of `row` as text, refused as the SQLite store refuses it
    /// when it is longer than `FavoriteRecord.maximumTextBytes` bytes or not UTF-8.
    private static func text(_ row: PostgresRow, _ column: Int, _ name: String, _ id: Int) throws -> String {
        let bytes = row.byteCount(column)
        if bytes > FavoriteRecord.maximumTextBytes {
            throw FavoriteRecord.Refusal(
                characterID: id, reason: "its \(name) has \(bytes) bytes, more than \(FavoriteRecord.maximumTextBytes)")
        }
        guard let text = try row.validString(column) else {
            throw FavoriteRecord.Refusal(characterID: id, reason: "its \(name) is not UTF-8 text")
        }
        return text
    }

    static func favoritesError(_ error: any Error, server: String) -> FavoritesError {
        switch error {
        case let error as FavoritesError:
            return error
        case let refusal as FavoriteRecord.Refusal:
            return .unreadableFavorite(path: server, characterID: refusal.characterID, reason: refusal.reason)
        case let error as PostgresError:
            switch error.kind {
            case .newerSchema:
                let versions = error.newerSchema ?? PostgresError.SchemaVersions(found: 0, known: 0)
                return .newerSchema(path: server, version: versions.found, known: versions.known)
            case .unreachable: return .unavailable(server: server, reason: error.message)
            case .databaseNotFound, .invalidURL: return .misconfigured(server: server, reason: error.message)
            case .authentication, .permissionDenied: return .accessDenied(server: server, reason: error.message)
            case .foreignSchema: return .damaged(path: server, reason: error.message)
            case .timeout: return .busy(path: server)
            default: return .storage(path: server, reason: error.sqlState.map { "\(error.message) (SQLSTATE \($0))" } ?? error.message)
            }
        default:
            return .storage(path: server, reason: "\(error)")
        }
    }
}
