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
    /// The comics, series, stories and events the character appears in.
    public let appearances: Appearances
    /// The character's public web pages (detail, wiki, comiclink), in Marvel's order.
    public let urls: [CharacterURL]

    /// A character with the given fields.
    public init(
        id: Int,
        name: String,
        description: String = "",
        modified: Date? = nil,
        thumbnail: URL? = nil,
        appearances: Appearances = Appearances(),
        urls: [CharacterURL] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.modified = modified
        self.thumbnail = thumbnail
        self.appearances = appearances
        self.urls = urls
    }
}

/// The works a character appears in, as Marvel lists them.
public struct Appearances: Codable, Sendable, Equatable {
    /// Comics.
    public let comics: ResourceList
    /// Series.
    public let series: ResourceList
    /// Stories.
    public let stories: ResourceList
    /// Events.
    public let events: ResourceList

    /// Lists, empty unless given.
    public init(
        comics: ResourceList = ResourceList(), series: ResourceList = ResourceList(), stories: ResourceList = ResourceList(),
        events: ResourceList = ResourceList()
    ) {
        self.comics = comics
        self.series = series
        self.stories = stories
        self.events = events
    }
}
