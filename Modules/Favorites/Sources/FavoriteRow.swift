import Foundation
import SQLite

/// A row of the favorites table read as untrusted input: another program, a sync tool or a later
/// version may have written anything SQLite can hold, so every column is checked before it
/// becomes a `Favorite`. The checks are `package` so the benchmarks' floor does the same work.
package enum FavoriteRow {
    /// The most bytes a name or note may have; longer text is refused before it is decoded.
    static let maximumTextBytes = 1 << 20
    /// The dates a favourite may have, in milliseconds: from 1970 to the end of year 9999.
    static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The columns read, in this order.
    static let columns = "character_id, name, note, rating, added_at, updated_at"
    /// The date columns' places and names, made once (a literal in the loop was an array a row).
    private static let dateColumns = [(4, "added_at"), (5, "updated_at")]

    /// The favourite in `row`, or the reason it is not one (with the row's character id).
    static func favorite(_ row: Statement) -> Result<Favorite, Refusal> {
        Result { () throws(Refusal) in try decode(row) }
    }

    private static func decode(_ row: Statement) throws(Refusal) -> Favorite {
        let id = row.int64(0)
        func refuse(_ reason: String) -> Refusal { Refusal(characterID: Int(id), reason: reason) }
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
        return try favorite(id: id, name: name, note: note, rating: rating, addedAt: row.int64(4), updatedAt: row.int64(5))
    }

    /// The favourite these values of a row make, once each is checked as any store must: a
    /// positive id, a note a person could have typed, a rating of 1 to 5, dates from 1970 to 9999.
    package static func favorite(id: Int64, name: String, note: String, rating: Int64?, addedAt: Int64, updatedAt: Int64) throws(Refusal)
        -> Favorite
    {
        func refuse(_ reason: String) -> Refusal { Refusal(characterID: Int(id), reason: reason) }
        guard id > 0 else { throw refuse("its character id \(id) is not a positive whole number") }
        // Printable ASCII, most notes, is one character a byte and holds no control character.
        let isPlainASCII = note.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        let length = isPlainASCII ? note.utf8.count : note.count
        if length > FavoritesService.maximumNoteLength {
            throw refuse("its note has \(length) characters, more than \(FavoritesService.maximumNoteLength)")
        }
        if !isPlainASCII && note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw refuse("its note has control characters")
        }
        if let rating, !FavoritesService.ratings.contains(Int(clamping: rating)) { throw refuse("its rating is \(rating), not 1 to 5") }
        guard milliseconds.contains(addedAt) else { throw refuse("its added_at \(addedAt) is not a time from 1970 to 9999") }
        guard milliseconds.contains(updatedAt) else { throw refuse("its updated_at \(updatedAt) is not a time from 1970 to 9999") }
        return Favorite(
            characterID: Int(id), name: name, note: note, rating: rating.map { Int($0) }, addedAt: Favorite.date(milliseconds: addedAt),
            updatedAt: Favorite.date(milliseconds: updatedAt))
    }

    /// Column `column` as text when it is UTF-8 text of at most `maximumTextBytes` bytes.
    private static func text(_ row: Statement, _ column: Int) -> String? {
        guard row.type(column) == .text, row.byteCount(column) <= maximumTextBytes else { return nil }
        return row.validText(column)
    }

    /// Why column `column` (named `name`) is not acceptable text.
    private static func textProblem(_ row: Statement, _ column: Int, _ name: String) -> String {
        let type = row.type(column)
        if type != .text { return "its \(name) is \(type), not TEXT" }
        let bytes = row.byteCount(column)
        if bytes > maximumTextBytes { return "its \(name) has \(bytes) bytes, more than \(maximumTextBytes)" }
        return "its \(name) is not UTF-8 text"
    }

    /// Why a row is not a favourite, and its character id.
    package struct Refusal: Error {
        let characterID: Int
        let reason: String
    }
}
