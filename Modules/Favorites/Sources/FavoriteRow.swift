import Foundation
import SQLite

/// A row of the favorites table read as untrusted input: another program, a sync tool or a later
/// version may have written anything SQLite can hold, so every column is checked before it
/// becomes a `Favorite`.
enum FavoriteRow {
    /// The most bytes a name or note may have; longer text is refused before it is decoded.
    static let maximumTextBytes = 1 << 20
    /// The dates a favourite may have, in milliseconds: from 1970 to the end of year 9999.
    static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The columns read, in this order.
    static let columns = "character_id, name, note, rating, added_at, updated_at"

    /// The favourite in `row`, or the reason it is not one (with the row's character id).
    static func favorite(_ row: Statement) -> Result<Favorite, Refusal> {
        Result { () throws(Refusal) in try decode(row) }
    }

    private static func decode(_ row: Statement) throws(Refusal) -> Favorite {
        let id = row.int64(0)
        func refuse(_ reason: String) -> Refusal { Refusal(characterID: Int(id), reason: reason) }
        guard row.type(0) == .integer, id > 0 else { throw refuse("its character id \(id) is not a positive whole number") }
        guard let name = text(row, 1) else { throw refuse(textProblem(row, 1, "name")) }
        guard let note = text(row, 2) else { throw refuse(textProblem(row, 2, "note")) }
        // Printable ASCII, most notes, is one character a byte and holds no control character.
        let isPlainASCII = note.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        let length = isPlainASCII ? note.utf8.count : note.count
        if length > FavoritesService.maximumNoteLength {
            throw refuse("its note has \(length) characters, more than \(FavoritesService.maximumNoteLength)")
        }
        if !isPlainASCII && note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw refuse("its note has control characters")
        }
        let rating: Int?
        switch row.type(3) {
        case .null: rating = nil
        case .integer where FavoritesService.ratings.contains(Int(clamping: row.int64(3))): rating = row.int(3)
        case .integer: throw refuse("its rating is \(row.int64(3)), not 1 to 5")
        case let type: throw refuse("its rating is \(type), not an INTEGER from 1 to 5")
        }
        var dates: [Date] = []
        for (column, name) in [(4, "added_at"), (5, "updated_at")] {
            guard row.type(column) == .integer else { throw refuse("its \(name) is \(row.type(column)), not an INTEGER of milliseconds") }
            let value = row.int64(column)
            guard milliseconds.contains(value) else { throw refuse("its \(name) \(value) is not a time from 1970 to 9999") }
            dates.append(Favorite.date(milliseconds: value))
        }
        return Favorite(characterID: Int(id), name: name, note: note, rating: rating, addedAt: dates[0], updatedAt: dates[1])
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
    struct Refusal: Error {
        let characterID: Int
        let reason: String
    }
}
