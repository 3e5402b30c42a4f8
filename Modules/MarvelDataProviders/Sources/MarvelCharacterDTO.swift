import Client
import DataProviders
import Foundation

/// One `Character` result of the Marvel API, as it comes over the wire.
///
/// Only `id` and `name` are required: the real API omits or empties the rest at times.
struct MarvelCharacterDTO: Decodable, Sendable {
    struct Image: Decodable, Sendable {
        let path: String
        let `extension`: String
    }

    struct List: Decodable, Sendable {
        struct Item: Decodable, Sendable {
            let name: String?
            let resourceURI: String?
        }

        let available: Int?
        let items: [Item]?

        var resourceList: ResourceList {
            ResourceList(
                available: available ?? 0,
                items: (items ?? []).map { ResourceSummary(name: $0.name ?? "", resourceURI: $0.resourceURI ?? "") })
        }
    }

    struct Link: Decodable, Sendable {
        let type: String?
        let url: String?
    }

    let id: Int
    let name: String
    let description: String?
    let modified: String?
    let thumbnail: Image?
    let comics: List?
    let series: List?
    let stories: List?
    let events: List?
    let urls: [Link]?

    /// The product's `Character`; throws `ProviderError.badData` for an unreadable date.
    func character() throws -> Character {
        Character(
            id: id,
            name: name,
            description: description ?? "",
            modified: try modifiedDate(),
            thumbnail: thumbnail.flatMap(Self.url),
            appearances: Appearances(
                comics: comics?.resourceList ?? ResourceList(),
                series: series?.resourceList ?? ResourceList(),
                stories: stories?.resourceList ?? ResourceList(),
                events: events?.resourceList ?? ResourceList()
            ),
            urls: (urls ?? []).map { CharacterURL(type: $0.type ?? "", url: $0.url ?? "") }
        )
    }

    private func modifiedDate() throws -> Date? {
        guard let modified, !modified.isEmpty else { return nil }
        guard let date = MarvelDate.parse(modified) else {
            throw ProviderError.badData("character \(id) has an unreadable modified date '\(modified)'")
        }
        return date
    }

    /// `path.extension`, over https (the API lists http paths that are also served over https).
    private static func url(_ image: Image) -> URL? {
        var path = image.path
        if path.hasPrefix("http://") { path = "https://" + path.dropFirst("http://".count) }
        return URL(string: "\(path).\(image.extension)")
    }
}
