import DataProviders
import Foundation

extension Character {
    /// A made-up character for tests, with every field filled.
    public static func sample(id: Int = 1, name: String? = nil) -> Character {
        Character(
            id: id,
            name: name ?? "Sample Hero \(id)",
            description: "A character made up for tests.",
            modified: Date(timeIntervalSince1970: 1_400_000_000),
            thumbnail: URL(string: "https://example.com/\(id).jpg"),
            appearances: Appearances(
                comics: ResourceList(
                    available: 3,
                    items: [ResourceSummary(name: "Sample Comic #1", resourceURI: "http://gateway.marvel.com/v1/public/comics/1")]),
                series: ResourceList(available: 2),
                stories: ResourceList(available: 5),
                events: ResourceList(available: 1)
            ),
            urls: [CharacterURL(type: "detail", url: "https://example.com/characters/\(id)")]
        )
    }
}

extension CharacterPage {
    /// A page holding `characters`, as the first page of exactly that set.
    public static func sample(_ characters: [Character], offset: Int = 0, limit: Int = 20) -> CharacterPage {
        CharacterPage(offset: offset, limit: limit, total: offset + characters.count, count: characters.count, results: characters)
    }
}
