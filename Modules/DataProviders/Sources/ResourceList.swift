/// How many works of one kind a character appears in, and the few Marvel names.
public struct ResourceList: Codable, Sendable, Equatable {
    /// How many there are in all.
    public let available: Int
    /// Those Marvel lists with the character (at most 20 in the real API).
    public let items: [ResourceSummary]

    /// A list of `available` works, naming `items`.
    public init(available: Int = 0, items: [ResourceSummary] = []) {
        self.available = available
        self.items = items
    }
}

/// One work a character appears in: its name and where the API keeps it.
public struct ResourceSummary: Codable, Sendable, Equatable {
    /// The work's name, such as "Avengers (1963) #1".
    public let name: String
    /// The API address of the work.
    public let resourceURI: String

    /// A work with the given name and address.
    public init(name: String, resourceURI: String) {
        self.name = name
        self.resourceURI = resourceURI
    }
}

/// One of a character's public web pages.
public struct CharacterURL: Codable, Sendable, Equatable {
    /// What the page is: "detail", "wiki" or "comiclink".
    public let type: String
    /// Its address.
    public let url: String

    /// A page of `type` at `url`.
    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }
}
