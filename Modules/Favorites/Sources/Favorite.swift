import Foundation

/// A character the user keeps: the name it had when saved, a note, a rating, and when it was
/// added and last changed. Dates are kept to the millisecond, as the database stores them.
public struct Favorite: Identifiable, Equatable, Sendable {
    /// Marvel's id for the character; one favourite per character.
    public let characterID: Int
    /// The character's name when it was saved.
    public let name: String
    /// The user's note; empty when there is none.
    public let note: String
    /// The user's rating, 1 to 5, or nil when there is none.
    public let rating: Int?
    /// When it was added.
    public let addedAt: Date
    /// When it was last changed (its `addedAt` until then).
    public let updatedAt: Date

    /// A favourite with the given fields; the dates are rounded to the millisecond.
    public init(characterID: Int, name: String, note: String = "", rating: Int? = nil, addedAt: Date, updatedAt: Date? = nil) {
        self.characterID = characterID
        self.name = name
        self.note = note
        self.rating = rating
        self.addedAt = Self.rounded(addedAt)
        self.updatedAt = Self.rounded(updatedAt ?? addedAt)
    }

    /// The character's id.
    public var id: Int { characterID }

    /// This favourite with `note` and `rating`, changed at `date`.
    public func updated(note: String, rating: Int?, at date: Date) -> Favorite {
        Favorite(characterID: characterID, name: name, note: note, rating: rating, addedAt: addedAt, updatedAt: date)
    }

    /// `date` in whole milliseconds since 1970, as stored; dates beyond what 64 bits hold are
    /// clamped to the nearest that fits (and a NaN date is 1970), never a crash.
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard !value.isNaN else { return 0 }
        // 2^63 is the first Double beyond Int64.max; anything below it converts exactly.
        if value >= 9_223_372_036_854_775_808.0 { return .max }
        if value < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(value)
    }

    /// The date `milliseconds` after 1970.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func rounded(_ date: Date) -> Date {
        Self.date(milliseconds: milliseconds(date))
    }
}
