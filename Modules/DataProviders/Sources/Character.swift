import Foundation

/// A Marvel character as the product shows it. Decoding refuses a `modified` date that is not
/// `MarvelDate.isInRange` (not a number, infinite, or outside years -9999 to 9999).
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

    /// The character in `decoder`; a `modified` date outside `MarvelDate.years` is `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decode(String.self, forKey: .description)
        modified = try container.decodeIfPresent(Date.self, forKey: .modified)
        thumbnail = try container.decodeIfPresent(URL.self, forKey: .thumbnail)
        appearances = try container.decode(Appearances.self, forKey: .appearances)
        urls = try container.decode([CharacterURL].self, forKey: .urls)
        if let modified, !MarvelDate.isInRange(modified) {
            throw DecodingError.dataCorruptedError(
                forKey: .modified, in: container,
                debugDescription: "\(modified.timeIntervalSince1970) s since 1970 is not a time in years -9999 to 9999")
        }
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
