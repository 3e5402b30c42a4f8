import DataProviders
import Foundation

/// Marvel API fixtures made from `Character` values, for serving a known data set through the
/// emulator (in process or over its `LoopbackHTTPServer`).
public enum MarvelFixture {
    /// A Marvel `CharacterDataWrapper` JSON document holding `characters` as the API writes them:
    /// `modified` in `yyyy-MM-dd'T'HH:mm:ssZ`, thumbnails split into `path` and `extension`.
    public static func wrapper(_ characters: [Character]) -> Data {
        let results = characters.map(result)
        let wrapper: [String: Any] = [
            "code": 200,
            "status": "Ok",
            "copyright": "© Excelsior test fixtures",
            "attributionText": "Made up for tests.",
            "data": ["offset": 0, "limit": 100, "total": results.count, "count": results.count, "results": results],
        ]
        return (try? JSONSerialization.data(withJSONObject: wrapper, options: [.sortedKeys])) ?? Data()
    }

    private static func result(_ character: Character) -> [String: Any] {
        var result: [String: Any] = [
            "id": character.id,
            "name": character.name,
            "description": character.description,
            "comics": list(character.appearances.comics),
            "series": list(character.appearances.series),
            "stories": list(character.appearances.stories),
            "events": list(character.appearances.events),
            "urls": character.urls.map { ["type": $0.type, "url": $0.url] },
        ]
        if let modified = character.modified {
            result["modified"] = marvelDate(modified)
        }
        if let thumbnail = character.thumbnail {
            let text = thumbnail.absoluteString
            let pathExtension = thumbnail.pathExtension
            result["thumbnail"] = [
                "path": pathExtension.isEmpty ? text : String(text.dropLast(pathExtension.count + 1)),
                "extension": pathExtension,
            ]
        }
        return result
    }

    private static func list(_ list: ResourceList) -> [String: Any] {
        [
            "available": list.available,
            "returned": list.items.count,
            "items": list.items.map { ["name": $0.name, "resourceURI": $0.resourceURI] },
        ]
    }

    private static func marvelDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter.string(from: date)
    }
}
