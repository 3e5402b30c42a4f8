import Foundation

/// A Marvel character as the product shows it.
public struct Character: Identifiable, Codable, Sendable, Equatable {
    /// Marvel's id for the character.
    public let id: Int
    /// The character's name.
    public let name: String
    /// A short biography; empty when Marvel has none.
    public let description: String
    /// When Marvel last changed the record, if known.
    public let modified: Date?
    /// The portrait image, if any.
    public let thumbnail: URL?
    /// How many comics, series, stories and events the character appears in.
    public let appearances: Appearances

    /// A character with the given fields.
    public init(
        id: Int,
        name: String,
        description: String = "",
        modified: Date? = nil,
        thumbnail: URL? = nil,
        appearances: Appearances = Appearances()
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.modified = modified
        self.thumbnail = thumbnail
        self.appearances = appearances
    }
}

/// Counts of the works a character appears in.
public struct Appearances: Codable, Sendable, Equatable {
    /// Comics.
    public let comics: Int
    /// Series.
    public let series: Int
    /// Stories.
    public let stories: Int
    /// Events.
    public let events: Int

    /// Counts, zero unless given.
    public init(comics: Int = 0, series: Int = 0, stories: Int = 0, events: Int = 0) {
        self.comics = comics
        self.series = series
        self.stories = stories
        self.events = events
    }
}
