import Client
import Foundation

/// One `Character` result of the Marvel API, as it comes over the wire.
///
/// Only `id` and `name` are required: the real API omits or empties the rest at times.
struct MarvelCharacterDTO: Decodable, Sendable {
    struct Image: Decodable, Sendable {
        let path: String
        let `extension`: String
    }

    struct ResourceList: Decodable, Sendable {
        let available: Int?
    }

    let id: Int
    let name: String
    let description: String?
    let modified: String?
    let thumbnail: Image?
    let comics: ResourceList?
    let series: ResourceList?
    let stories: ResourceList?
    let events: ResourceList?

    /// The product's `Character`; throws `ProviderError.badData` for an unreadable date.
    func character() throws -> Character {
        Character(
            id: id,
            name: name,
            description: description ?? "",
            modified: try modifiedDate(),
            thumbnail: thumbnail.flatMap(Self.url),
            appearances: Appearances(
                comics: comics?.available ?? 0,
                series: series?.available ?? 0,
                stories: stories?.available ?? 0,
                events: events?.available ?? 0
            )
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
