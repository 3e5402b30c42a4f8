import Favorites
import Foundation
import SQLite

/// Favourites in an SQLite database: a file shared safely by several processes (write-ahead
/// logging, a busy time-out, one transaction per change), or a private in-memory database.
public final class SQLiteFavoritesStore: FavoritesStore {
    /// The file name of the database inside the data directory.
    public static let fileName = "favorites.sqlite"

    /// The database file, or `:memory:`.
    public let path: String
    private let database: Database
    private let feed = FavoriteChangeFeed()
    /// Why every change is refused, when the store stands for a folder that could not be made.
    private let writesRefused: FavoritesError?

    /// Opens, or creates, the database at `path` (`:memory:` for an in-memory one); a file that
    /// is damaged, not a favourites database or at a newer schema is refused before anything is
    /// written to it, and one that cannot be written (a read-only file, folder or mount, or a full
    /// disk) is opened for reading only.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws(FavoritesError) {
        try self.init(path: path, busyTimeout: busyTimeout, writesRefused: nil)
    }

    private init(path: String, busyTimeout: Duration, writesRefused: FavoritesError?) throws(FavoritesError) {
        self.path = path
        self.writesRefused = writesRefused
        do {
            database = try Database(
                path: path, busyTimeout: busyTimeout, verify: true, migrations: FavoritesSchema.migrations,
                schemaCheck: { connection, version throws(SQLiteError) in try FavoritesSchema.problem(connection, version: version) },
                readOnlyFallback: true)
        } catch {
            throw Self.favoritesError(error, path: path)
        }
    }

    /// Opens, or creates, `favorites.sqlite` in `directory`, creating the directory if needed.
    /// A directory that is missing and cannot be made for want of rights or on a read-only file
    /// system holds no favourites: the store then reads as empty and refuses every change with
    /// `cannotCreateDirectory`.
    public convenience init(directory: URL, busyTimeout: Duration = .seconds(5)) throws(FavoritesError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let code = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            let reason = code.map { String(cString: strerror($0)) } ?? underlying?.localizedDescription ?? error.localizedDescription
            let refusal = FavoritesError.cannotCreateDirectory(path: directory.path, reason: reason)
            guard let code, [EROFS, EACCES, EPERM].contains(code), !FileManager.default.fileExists(atPath: directory.path) else {
                throw refusal
            }
            try self.init(path: Database.inMemoryPath, busyTimeout: busyTimeout, writesRefused: refusal)
            return
        }
        try self.init(path: directory.appendingPathComponent(Self.fileName).path, busyTimeout: busyTimeout, writesRefused: nil)
    }

    /// A new, private in-memory store.
    public static func inMemory() throws(FavoritesError) -> SQLiteFavoritesStore {
        try SQLiteFavoritesStore(path: Database.inMemoryPath)
    }

    /// Keeps `favorite`; throws `alreadyFavorite` when its character is a favourite already.
    public func add(_ favorite: Favorite) throws(FavoritesError) {
        try write(.added(characterID: favorite.characterID)) { connection in
            if let existing = try Self.find(favorite.characterID, connection) {
                throw FavoritesError.alreadyFavorite(characterID: existing.characterID, name: existing.name)
            }
            try connection.run(
                "INSERT INTO favorites (\(FavoriteRow.columns)) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .int(favorite.characterID), .text(favorite.name), .text(favorite.note), .int(favorite.rating),
                    .integer(Favorite.milliseconds(favorite.addedAt)), .integer(Favorite.milliseconds(favorite.updatedAt)),
                ])
        }
    }

    /// The favourite for `characterID`, or nil.
    public func favorite(characterID: Int) throws(FavoritesError) -> Favorite? {
        try read { try Self.find(characterID, $0) }
    }

    /// At most `limit` favourites from `offset`, by `addedAt` then character id; throws
    /// `unreadableFavorite` for the first row among them that is not a favourite.
    public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
        try read { connection in
            var favorites: [Favorite] = []
            try connection.forEachRow(
                "SELECT \(FavoriteRow.columns) FROM favorites ORDER BY added_at, character_id LIMIT ? OFFSET ?",
                [.int(max(0, limit)), .int(max(0, offset))]
            ) { favorites.append(try FavoriteRow.favorite($0).get()) }
            return favorites
        }
    }

    /// Tells `count` how many favourites there are, then hands each to `body` by `addedAt` then
    /// character id as it is read, both in one read transaction (so one snapshot); throws
    /// `unreadableFavorite` at the first row that is not a favourite.
    public func forEach(count: (Int) -> Void, _ body: (Favorite) -> Void) throws(FavoritesError) {
        try read { connection in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            count(try connection.queryFirst("SELECT count(*) FROM favorites") { $0.int(0) } ?? 0)
            try connection.forEachRow("SELECT \(FavoriteRow.columns) FROM favorites ORDER BY added_at, character_id") {
                body(try FavoriteRow.favorite($0).get())
            }
        }
    }

    /// Changes only the note (unless nil) and the rating (unless `.keep`) of the stored
    /// favourite, and its `updatedAt`, reading and writing in one `BEGIN IMMEDIATE` transaction,
    /// so a concurrent update of the other field is kept; returns the favourite as stored.
    /// Throws `favoriteNotFound` when there is none, `unreadableFavorite` when it is not one.
    @discardableResult
    public func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite {
        var assignments = ["updated_at = ?"]
        var values: [SQLValue] = [.integer(Favorite.milliseconds(date))]
        if let note {
            assignments.append("note = ?")
            values.append(.text(note))
        }
        if rating != .keep {
            assignments.append("rating = ?")
            values.append(.int(rating.applied(to: nil)))
        }
        return try write(.updated(characterID: characterID)) { connection in
            // Read inside the write lock: the stored favourite must be readable, and it is
            // what the update is applied to.
            guard let current = try Self.find(characterID, connection) else {
                throw FavoritesError.favoriteNotFound(characterID: characterID)
            }
            try connection.run(
                "UPDATE favorites SET \(assignments.joined(separator: ", ")) WHERE character_id = ?", values + [.int(characterID)])
            return current.updated(note: note ?? current.note, rating: rating.applied(to: current.rating), at: date)
        }
    }

    /// Forgets the favourite for `characterID`; throws `favoriteNotFound` when there is none.
    public func remove(characterID: Int) throws(FavoritesError) {
        try write(.removed(characterID: characterID)) { connection in
            let changed = try connection.run("DELETE FROM favorites WHERE character_id = ?", [.int(characterID)])
            if changed == 0 { throw FavoritesError.favoriteNotFound(characterID: characterID) }
        }
    }

    /// How many favourites there are.
    public func count() throws(FavoritesError) -> Int {
        try read { try $0.queryFirst("SELECT count(*) FROM favorites") { $0.int(0) } ?? 0 }
    }

    /// The changes committed from now on, through this store.
    public func changes() -> AsyncStream<FavoriteChange> {
        feed.stream()
    }

    /// The problems `PRAGMA integrity_check` finds in the database; empty when it is sound.
    public func integrityProblems() throws(FavoritesError) -> [String] {
        do {
            return try database.integrityProblems()
        } catch {
            throw Self.favoritesError(error, path: path)
        }
    }

    private func read<T: Sendable>(_ body: (Connection) throws -> T) throws(FavoritesError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.favoritesError(error, path: path)
        }
    }

    /// Runs `body` in one transaction and publishes `change` once it is committed.
    @discardableResult
    private func write<T: Sendable>(_ change: FavoriteChange, _ body: (Connection) throws -> T) throws(FavoritesError) -> T {
        if let writesRefused { throw writesRefused }
        if database.isOnAFullDisk { throw .storage(path: path, reason: "the disk is full (No space left on device)") }
        if database.isReadOnly { throw .readOnly(path: path) }
        let value: T
        do {
            value = try database.transaction(body)
        } catch {
            throw Self.favoritesError(error, path: path)
        }
        feed.publish(change)
        return value
    }

    private static func find(_ characterID: Int, _ connection: Connection) throws -> Favorite? {
        let row = try connection.queryFirst(
            "SELECT \(FavoriteRow.columns) FROM favorites WHERE character_id = ?", [.int(characterID)], FavoriteRow.favorite)
        return try row?.get()
    }

    private static func favoritesError(_ error: any Error, path: String) -> FavoritesError {
        switch error {
        case let error as FavoritesError:
            return error
        case let refusal as FavoriteRecord.Refusal:
            return .unreadableFavorite(path: path, characterID: refusal.characterID, reason: refusal.reason)
        case let error as SQLiteError:
            if let versions = error.newerSchema { return .newerSchema(path: path, version: versions.found, known: versions.known) }
            switch error.kind {
            case .readOnly: return .readOnly(path: path)
            case .busy: return .busy(path: path)
            case .damaged: return .damaged(path: path, reason: error.message)
            default: return .storage(path: path, reason: "\(error.message) (SQLite code \(error.code))")
            }
        default:
            return .storage(path: path, reason: "\(error)")
        }
    }
}
