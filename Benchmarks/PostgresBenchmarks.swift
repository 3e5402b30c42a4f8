import CLibPQ
import Favorites
import Foundation
import Postgres
import PostgresFavorites
import PostgresTesting

/// Favourites on PostgreSQL, against the same SQL through raw libpq with every statement
/// prepared once (the floor), on one server the program starts (`PostgresServerProcess`, over
/// TCP on loopback with a password, the same connection kind for both):
/// - add: one statement per favourite (the store's insert, which also announces the change);
/// - get by id, in a shuffled order, among 10 000 favourites;
/// - listing 10 000 favourites in order, into `Favorite` values.
///
/// Without PostgreSQL installed the cases are left out with a note on stderr.
enum PostgresBenchmarks {
    static let goals = [
        Goal(
            "PostgreSQL favourites add within 1.5× of raw libpq", subject: ("postgres.add", "PostgresFavoritesStore.add"),
            baseline: ("postgres.add", "raw libpq, prepared once"), .atMost(1.5)),
        Goal(
            "PostgreSQL favourites get by id within 1.5× of raw libpq",
            subject: ("postgres.get", "PostgresFavoritesStore.favorite(id)"), baseline: ("postgres.get", "raw libpq, prepared once"),
            .atMost(1.5)),
        Goal(
            "listing 10 000 PostgreSQL favourites within 1.5× of raw libpq",
            subject: ("postgres.list 10 000", "PostgresFavoritesStore.list()"), baseline: ("postgres.list 10 000", "raw libpq loop"),
            .atMost(1.5)),
    ]

    static let addCount = 500
    static let getCount = 2_000
    static let listSize = 10_000

    static var all: [Benchmark] {
        guard PostgresServerProcess.isInstalled else {
            FileHandle.standardError.write(Data("Benchmarks: postgres cases skipped: \(PostgresServerProcess.installHint)\n".utf8))
            return []
        }
        let rawAdd = Lazy { try RawPostgresFavorites(url: try emptyDatabase()) }
        let storeAdd = Lazy { try PostgresFavoritesStore(url: try emptyDatabase()) }
        let filled = Lazy { try filledDatabase() }
        let rawRead = Lazy { try RawPostgresFavorites(url: try filled.get()) }
        let storeRead = Lazy { try PostgresFavoritesStore(url: try filled.get()) }
        let order = Array(1...listSize).shuffled()
        var nextRawID = 1
        var nextStoreID = 1
        return [
            Benchmark(group: "postgres.add", name: "raw libpq, prepared once", role: .floor, operationsPerRound: addCount) { count in
                let raw = try rawAdd.get()
                for _ in 0..<count {
                    try raw.add(FavoritesBenchmarks.favorite(nextRawID))
                    nextRawID += 1
                }
            },
            Benchmark(group: "postgres.add", name: "PostgresFavoritesStore.add", role: .subject, operationsPerRound: addCount) { count in
                let store = try storeAdd.get()
                for _ in 0..<count {
                    try store.add(FavoritesBenchmarks.favorite(nextStoreID))
                    nextStoreID += 1
                }
            },
            Benchmark(group: "postgres.get", name: "raw libpq, prepared once", role: .floor, operationsPerRound: getCount) { count in
                let raw = try rawRead.get()
                for index in 0..<count { blackHole(try raw.favorite(order[index % listSize])) }
            },
            Benchmark(group: "postgres.get", name: "PostgresFavoritesStore.favorite(id)", role: .subject, operationsPerRound: getCount) {
                count in
                let store = try storeRead.get()
                for index in 0..<count { blackHole(try store.favorite(characterID: order[index % listSize])) }
            },
            Benchmark(group: "postgres.list 10 000", name: "raw libpq loop", role: .floor, operationsPerRound: 10) { count in
                let raw = try rawRead.get()
                for _ in 0..<count { blackHole(try raw.list()) }
            },
            Benchmark(group: "postgres.list 10 000", name: "PostgresFavoritesStore.list()", role: .subject, operationsPerRound: 10) {
                count in
                let store = try storeRead.get()
                for _ in 0..<count { blackHole(try store.list()) }
            },
        ]
    }

    /// A new database with the favourites schema, on the shared server.
    static func emptyDatabase() throws -> String {
        let url = try PostgresServerProcess.shared().createDatabase()
        _ = try PostgresFavoritesStore(url: url)
        return url
    }

    /// A new database holding favourites 1 to `listSize`.
    static func filledDatabase() throws -> String {
        let url = try emptyDatabase()
        let store = try PostgresFavoritesStore(url: url)
        for id in 1...listSize { try store.add(FavoritesBenchmarks.favorite(id)) }
        return url
    }
}

/// The floor: the store's SQL through libpq by hand, every statement prepared once, text
/// parameters and results as the store uses them.
final class RawPostgresFavorites {
    private let connection: OpaquePointer

    /// The store's statements, word for word.
    private static let columns = "character_id, name, note, rating, added_at, updated_at"
    private static let statements = [
        "add": """
        WITH added AS (INSERT INTO favorites (\(columns)) VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (character_id) DO NOTHING RETURNING character_id)
        SELECT pg_notify('excelsior_favorites', $7) FROM added
        """,
        "get": "SELECT \(columns) FROM favorites WHERE character_id = $1",
        "list": "SELECT \(columns) FROM favorites ORDER BY added_at, character_id LIMIT $1 OFFSET $2",
    ]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(url: String) throws {
        let keywords: [UnsafePointer<CChar>?] = [strdup("dbname"), strdup("options"), nil].map { $0.map { UnsafePointer($0) } }
        let values: [UnsafePointer<CChar>?] = [strdup(url), strdup("-c TimeZone=UTC -c DateStyle=ISO"), nil].map {
            $0.map { UnsafePointer($0) }
        }
        defer { for pointer in keywords + values { free(UnsafeMutablePointer(mutating: pointer)) } }
        guard let opened = PQconnectdbParams(keywords, values, 1), PQstatus(opened) == CONNECTION_OK else {
            throw Failure(description: "cannot connect")
        }
        connection = opened
        for (name, sql) in Self.statements {
            let result = PQprepare(opened, name, sql, 0, nil)
            defer { PQclear(result) }
            guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw Failure(description: "cannot prepare \(name)") }
        }
    }

    deinit {
        PQfinish(connection)
    }

    func add(_ favorite: Favorite) throws {
        let parameters = [
            String(favorite.characterID), favorite.name, favorite.note, favorite.rating.map(String.init),
            Self.timestamp(favorite.addedAt), Self.timestamp(favorite.updatedAt), "benchmark added \(favorite.characterID)",
        ]
        let result = execute("add", parameters)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK, PQntuples(result) == 1 else { throw Failure(description: "add failed") }
    }

    func favorite(_ id: Int) throws -> Favorite? {
        let result = execute("get", [String(id)])
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else { throw Failure(description: "get failed") }
        return PQntuples(result) > 0 ? Self.favorite(result, 0) : nil
    }

    func list() throws -> [Favorite] {
        let result = execute("list", [String(Int.max), "0"])
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else { throw Failure(description: "list failed") }
        return (0..<PQntuples(result)).map { Self.favorite(result, $0) }
    }

    private func execute(_ name: String, _ parameters: [String?]) -> OpaquePointer? {
        let strings = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for string in strings { free(string) } }
        let pointers = strings.map { $0.map { UnsafePointer($0) } }
        return PQexecPrepared(connection, name, Int32(parameters.count), pointers, nil, nil, 0)
    }

    private static func favorite(_ result: OpaquePointer?, _ row: Int32) -> Favorite {
        func text(_ column: Int32) -> String { String(cString: PQgetvalue(result, row, column)) }
        return Favorite(
            characterID: Int(text(0)) ?? 0, name: text(1), note: text(2), rating: PQgetisnull(result, row, 3) == 1 ? nil : Int(text(3)),
            addedAt: date(PQgetvalue(result, row, 4)), updatedAt: date(PQgetvalue(result, row, 5)))
    }

    /// `date` as the server's text, `YYYY-MM-DD HH:MM:SS.ffffff+00`, through the C library.
    private static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let micros = Int((date.timeIntervalSince1970 - Double(seconds)) * 1_000_000)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d.%06d+00", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec, micros)
    }

    /// The server's `YYYY-MM-DD HH:MM:SS[.f…]+00` text as a date, through the C library.
    private static func date(_ text: UnsafePointer<CChar>) -> Date {
        var parts = tm()
        var fraction = 0.0
        var index = 0
        func number(_ digits: Int) -> Int32 {
            var value: Int32 = 0
            for _ in 0..<digits {
                value = value * 10 + Int32(text[index]) - 48
                index += 1
            }
            index += 1
            return value
        }
        parts.tm_year = number(4) - 1900
        parts.tm_mon = number(2) - 1
        parts.tm_mday = number(2)
        parts.tm_hour = number(2)
        parts.tm_min = number(2)
        parts.tm_sec = number(2)
        if text[index - 1] == 46 {  // "."
            var scale = 0.1
            while text[index] >= 48 && text[index] <= 57 {
                fraction += Double(text[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        return Date(timeIntervalSince1970: Double(timegm(&parts)) + fraction)
    }
}
