import CSQLite
import Favorites
import Foundation
import SQLiteFavorites

/// Favourites cases, each against the same SQL through the raw C API
/// with every statement prepared once (the floor), on database files like the program's (WAL,
/// `synchronous = NORMAL`, the same schema):
/// - add: one transaction (`BEGIN IMMEDIATE`, look for the id, insert, `COMMIT`) per favourite;
/// - get by id, in a shuffled order, among 10 000 favourites;
/// - listing 10 000 favourites in order, into `Favorite` values, each row checked as untrusted
///   input on both sides, since the store must check it (types, UTF-8, then `FavoriteRecord`'s
///   checks of the values), so the floor does the same work.
enum FavoritesBenchmarks {
    static let goals = [
        Goal(
            "favourites add within 1.5× of the raw C API", subject: ("favorites.add", "SQLiteFavoritesStore.add"),
            baseline: ("favorites.add", "raw C API, prepared once"), .atMost(1.5)),
        Goal(
            "favourites get by id within 1.5× of the raw C API", subject: ("favorites.get", "SQLiteFavoritesStore.favorite(id)"),
            baseline: ("favorites.get", "raw C API, prepared once"), .atMost(1.5)),
        Goal(
            "listing 10 000 favourites within 1.5× of the raw C API", subject: ("favorites.list 10 000", "SQLiteFavoritesStore.list()"),
            baseline: ("favorites.list 10 000", "raw C API loop, rows checked"), .atMost(1.5)),
    ]

    static let addCount = 2_000
    static let getCount = 20_000
    static let listSize = 10_000

    static var all: [Benchmark] {
        let rawAdd = Lazy { try RawFavorites(path: path("raw-add")) }
        let storeAdd = Lazy { try SQLiteFavoritesStore(path: path("store-add")) }
        let rawRead = Lazy { try RawFavorites.filled(path: path("raw-read")) }
        let storeRead = Lazy { try filledStore(path: path("store-read")) }
        let order = Array(1...listSize).shuffled()
        var nextRawID = 1
        var nextStoreID = 1
        return [
            Benchmark(group: "favorites.add", name: "raw C API, prepared once", role: .floor, operationsPerRound: addCount) { count in
                let raw = try rawAdd.get()
                for _ in 0..<count {
                    try raw.add(favorite(nextRawID))
                    nextRawID += 1
                }
            },
            Benchmark(group: "favorites.add", name: "SQLiteFavoritesStore.add", role: .subject, operationsPerRound: addCount) { count in
                let store = try storeAdd.get()
                for _ in 0..<count {
                    try store.add(favorite(nextStoreID))
                    nextStoreID += 1
                }
            },
            Benchmark(group: "favorites.get", name: "raw C API, prepared once", role: .floor, operationsPerRound: getCount) { count in
                let raw = try rawRead.get()
                for index in 0..<count { blackHole(try raw.favorite(order[index % listSize])) }
            },
            Benchmark(group: "favorites.get", name: "SQLiteFavoritesStore.favorite(id)", role: .subject, operationsPerRound: getCount) {
                count in
                let store = try storeRead.get()
                for index in 0..<count { blackHole(try store.favorite(characterID: order[index % listSize])) }
            },
            Benchmark(group: "favorites.list 10 000", name: "raw C API loop, rows checked", role: .floor, operationsPerRound: 30) { count in
                let raw = try rawRead.get()
                for _ in 0..<count { blackHole(try raw.list()) }
            },
            Benchmark(group: "favorites.list 10 000", name: "SQLiteFavoritesStore.list()", role: .subject, operationsPerRound: 30) {
                count in
                let store = try storeRead.get()
                for _ in 0..<count { blackHole(try store.list()) }
            },
        ]
    }

    static func favorite(_ id: Int) -> Favorite {
        Favorite(
            characterID: id, name: "Hero \(id)", note: "A note about hero \(id).", rating: id % 5 + 1,
            addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)))
    }

    static func path(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: benchmarkDirectory(), withIntermediateDirectories: true)
        return benchmarkDirectory().appendingPathComponent("\(name).sqlite").path
    }

    static func filledStore(path: String) throws -> SQLiteFavoritesStore {
        let store = try SQLiteFavoritesStore(path: path)
        for id in 1...listSize { try store.add(favorite(id)) }
        return store
    }
}

/// The floor: favourites through the C API by hand, every statement prepared once.
final class RawFavorites {
    private let handle: OpaquePointer
    private let begin: OpaquePointer
    private let commit: OpaquePointer
    private let find: OpaquePointer
    private let insert: OpaquePointer
    private let listAll: OpaquePointer

    private static let columns = "character_id, name, note, rating, added_at, updated_at"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let opened
        else { throw Failure(description: "cannot open \(path)") }
        handle = opened
        sqlite3_busy_timeout(opened, 5000)
        let setup =
            ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL"] + FavoritesSchema.migrations.map(\.sql)
        for sql in setup {
            guard sqlite3_exec(opened, sql, nil, nil, nil) == SQLITE_OK else { throw Failure(description: "\(sql) failed") }
        }
        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(opened, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
                throw Failure(description: "cannot prepare \(sql)")
            }
            return statement
        }
        begin = try prepare("BEGIN IMMEDIATE")
        commit = try prepare("COMMIT")
        find = try prepare("SELECT \(Self.columns) FROM favorites WHERE character_id = ?")
        insert = try prepare("INSERT INTO favorites (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)")
        listAll = try prepare("SELECT \(Self.columns) FROM favorites ORDER BY added_at, character_id LIMIT ? OFFSET ?")
    }

    deinit {
        for statement in [begin, commit, find, insert, listAll] { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    static func filled(path: String) throws -> RawFavorites {
        let raw = try RawFavorites(path: path)
        for id in 1...FavoritesBenchmarks.listSize { try raw.add(FavoritesBenchmarks.favorite(id)) }
        return raw
    }

    func add(_ favorite: Favorite) throws {
        try run(begin)
        sqlite3_bind_int64(find, 1, Int64(favorite.characterID))
        let found = sqlite3_step(find) == SQLITE_ROW
        sqlite3_reset(find)
        guard !found else { throw Failure(description: "\(favorite.characterID) exists") }
        sqlite3_bind_int64(insert, 1, Int64(favorite.characterID))
        bindText(insert, 2, favorite.name)
        bindText(insert, 3, favorite.note)
        if let rating = favorite.rating { sqlite3_bind_int64(insert, 4, Int64(rating)) } else { sqlite3_bind_null(insert, 4) }
        sqlite3_bind_int64(insert, 5, Favorite.milliseconds(favorite.addedAt))
        sqlite3_bind_int64(insert, 6, Favorite.milliseconds(favorite.updatedAt))
        try run(insert)
        try run(commit)
    }

    func favorite(_ id: Int) throws -> Favorite? {
        sqlite3_bind_int64(find, 1, Int64(id))
        defer { sqlite3_reset(find) }
        return sqlite3_step(find) == SQLITE_ROW ? Self.row(find) : nil
    }

    /// Every favourite, each row checked as the store must check an untrusted row: the columns'
    /// types, text that is UTF-8, then the same checks of the values (`FavoriteRecord.favorite`).
    func list() throws -> [Favorite] {
        sqlite3_bind_int64(listAll, 1, Int64.max)
        sqlite3_bind_int64(listAll, 2, 0)
        defer { sqlite3_reset(listAll) }
        var favorites: [Favorite] = []
        while sqlite3_step(listAll) == SQLITE_ROW { favorites.append(try Self.checkedRow(listAll)) }
        return favorites
    }

    private func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else { throw Failure(description: String(cString: sqlite3_errmsg(handle))) }
    }

    private func bindText(_ statement: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                _ = sqlite3_bind_text(
                    statement, index, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    private static func checkedRow(_ statement: OpaquePointer) throws -> Favorite {
        let ratingType = sqlite3_column_type(statement, 3)
        guard sqlite3_column_type(statement, 0) == SQLITE_INTEGER, ratingType == SQLITE_INTEGER || ratingType == SQLITE_NULL,
            sqlite3_column_type(statement, 4) == SQLITE_INTEGER, sqlite3_column_type(statement, 5) == SQLITE_INTEGER,
            let name = validText(statement, 1), let note = validText(statement, 2)
        else { throw Failure(description: "a row that is not a favourite") }
        return try FavoriteRecord.favorite(
            id: sqlite3_column_int64(statement, 0), name: name, note: note,
            rating: ratingType == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 3), addedAt: sqlite3_column_int64(statement, 4),
            updatedAt: sqlite3_column_int64(statement, 5))
    }

    private static func validText(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT, let bytes = sqlite3_column_text(statement, column) else {
            return nil
        }
        return String(validating: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    private static func row(_ statement: OpaquePointer) -> Favorite {
        Favorite(
            characterID: Int(sqlite3_column_int64(statement, 0)), name: text(statement, 1), note: text(statement, 2),
            rating: sqlite3_column_type(statement, 3) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, 3)),
            addedAt: Favorite.date(milliseconds: sqlite3_column_int64(statement, 4)),
            updatedAt: Favorite.date(milliseconds: sqlite3_column_int64(statement, 5)))
    }
}
