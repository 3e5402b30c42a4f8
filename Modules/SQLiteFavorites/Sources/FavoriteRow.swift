import Favorites
import Foundation
import SQLite

/// A row of the favorites table read as untrusted input: another program, a sync tool or a later
/// version may have written anything SQLite can hold, so every column's type is checked, then
/// its values as `FavoriteRecord` checks any store's, before it becomes a `Favorite`.
enum FavoriteRow {
    /// The columns read, in this order.
    static let columns = "character_id, name, note, rating, added_at, updated_at"
    /// The date columns' places and names, made once (a literal in the loop was an array a row).
    private static let dateColumns = [(4, "added_at"), (5, "updated_at")]

    /// The favourite in `row`, or the reason it is not one (with the row's character id).
    static func favorite(_ row: Statement) -> Result<Favorite, FavoriteRecord.Refusal> {
        Result { () throws(FavoriteRecord.Refusal) in try decode(row) }
    }

    private static func decode(_ row: Statement) throws(FavoriteRecord.Refusal) -> Favorite {
        let id = row.int64(0)
        func refuse(_ reason: String) -> FavoriteRecord.Refusal { FavoriteRecord.Refusal(characterID: Int(id), reason: reason) }
        guard row.type(0) == .integer else { throw refuse("its character id \(id) is not a positive whole number") }
        guard let name = text(row, 1) else { throw refuse(textProblem(row, 1, "name")) }
        guard let note = text(row, 2) else { throw refuse(textProblem(row, 2, "note")) }
        let rating: Int64?
        switch row.type(3) {
        case .null: rating = nil
        case .integer: rating = row.int64(3)
        case let type: throw refuse("its rating is \(type), not an INTEGER from 1 to 5")
        }
        for (column, name) in dateColumns where row.type(column) != .integer {
            throw refuse("its \(name) is \(row.type(column)), not an INTEGER of milliseconds")
        }
        return try FavoriteRecord.favorite(id: id, name: name, note: note, rating: rating, addedAt: row.int64(4), updatedAt: row.int64(5))
    }

    /// Column `column` as text when it is UTF-8 text of at most `FavoriteRecord.maximumTextBytes` bytes.
    private static func text(_ row: Statement, _ column: Int) -> String? {
        guard row.type(column) == .text, row.byteCount(column) <= FavoriteRecord.maximumTextBytes else { return nil }
        return row.validText(column)
    }

    /// Why column `column` (named `name`) is not acceptable text.
    private static func textProblem(_ row: Statement, _ column: Int, _ name: String) -> String {
        let type = row.type(column)
        if type != .text { return "its \(name) is \(type), not TEXT" }
        let bytes = row.byteCount(column)
        if bytes > FavoriteRecord.maximumTextBytes { return "its \(name) has \(bytes) bytes, more than \(FavoriteRecord.maximumTextBytes)" }
        return "its \(name) is not UTF-8 text"
    }
}
