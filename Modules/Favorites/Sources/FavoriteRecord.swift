import Foundation

/// The values any store keeps for a favourite, checked as untrusted input when read back: another
/// program, a sync tool or a later version may have written anything the database can hold. A
/// store adapter checks its own column types, then hands the values to `favorite(id:…)`.
public enum FavoriteRecord {
    /// The most bytes a name or note may have; a store refuses longer text before decoding it.
    public static let maximumTextBytes = 1 << 20
    /// The dates a favourite may have, in milliseconds: from 1970 to the end of year 9999.
    public static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The favourite these values of a row make, once each is checked as any store must: a
    /// positive id, a note a person could have typed, a rating of 1 to 5, dates from 1970 to 9999.
    public static func favorite(id: Int64, name: String, note: String, rating: Int64?, addedAt: Int64, updatedAt: Int64) throws(Refusal)
        -> Favorite
    {
        func refuse(_ reason: String) -> Refusal { Refusal(characterID: Int(id), reason: reason) }
        guard id > 0 else { throw refuse("its character id \(id) is not a positive whole number") }
        // Printable ASCII, most notes, is one character a byte and holds no control character.
        let isPlainASCII = note.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        let length = isPlainASCII ? note.utf8.count : note.count
        if note.utf8.count > FavoritesService.maximumNoteBytes {
            throw refuse("its note has \(note.utf8.count) bytes, more than \(FavoritesService.maximumNoteBytes)")
        }
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

    /// Why a stored row is not a favourite, and its character id.
    public struct Refusal: Error, Sendable {
        /// The row's character id, as stored.
        public let characterID: Int
        /// Why the row was refused, as a clause ("its rating is 9, not 1 to 5").
        public let reason: String

        /// A refusal of the row for `characterID`, because of `reason`.
        public init(characterID: Int, reason: String) {
            self.characterID = characterID
            self.reason = reason
        }
    }
}
