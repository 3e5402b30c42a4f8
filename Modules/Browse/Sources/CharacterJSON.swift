import DataProviders
import Foundation

/// The JSON the program prints for scripts: stable field names, ISO 8601 dates in UTC (null for a
/// date `MarvelDate.iso8601` cannot write).
enum CharacterJSON {
    /// One character: `{"comics","description","events","id","modified","name","series",
    /// "stories","thumbnail","urls"}`; each list `{"available","items":[{"name","resourceURI"}]}`,
    /// `urls` `[{"type","url"}]`.
    struct Item: Encodable {
        let id: Int
        let name: String
        let description: String
        let modified: String?
        let thumbnail: String?
        let appearances: Appearances
        let urls: [CharacterURL]

        init(_ character: Character) {
            id = character.id
            name = character.name
            description = character.description
            modified = character.modified.flatMap(MarvelDate.iso8601)
            thumbnail = character.thumbnail?.absoluteString
            appearances = character.appearances
            urls = character.urls
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(modified, forKey: .modified)
            try container.encode(thumbnail, forKey: .thumbnail)
            try container.encode(appearances.comics, forKey: .comics)
            try container.encode(appearances.series, forKey: .series)
            try container.encode(appearances.stories, forKey: .stories)
            try container.encode(appearances.events, forKey: .events)
            try container.encode(urls, forKey: .urls)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, description, modified, thumbnail, comics, series, stories, events, urls
        }
    }

    /// A page: `{"count","limit","offset","results","total"}`.
    struct Page: Encodable {
        let offset: Int
        let limit: Int
        let total: Int
        let count: Int
        let results: [Item]

        init(_ page: CharacterPage) {
            offset = page.offset
            limit = page.limit
            total = page.total
            count = page.count
            results = page.results.map(Item.init)
        }
    }
}
