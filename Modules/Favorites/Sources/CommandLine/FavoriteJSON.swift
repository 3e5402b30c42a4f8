import CommandLineKit
import DataProviders
import Foundation

/// The JSON of favourites, for scripts: stable field names, ISO 8601 dates in UTC (null for a
/// date `MarvelDate.iso8601` cannot write), `rating` null when there is none.
enum FavoriteJSON {
    /// One favourite: `{"addedAt","characterId","name","note","rating","updatedAt"}`.
    struct Item: Encodable {
        let characterId: Int
        let name: String
        let note: String
        let rating: Int?
        let addedAt: String?
        let updatedAt: String?

        init(_ favorite: Favorite) {
            characterId = favorite.characterID
            name = favorite.name
            note = favorite.note
            rating = favorite.rating
            addedAt = MarvelDate.iso8601(favorite.addedAt)
            updatedAt = MarvelDate.iso8601(favorite.updatedAt)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(characterId, forKey: .characterId)
            try container.encode(name, forKey: .name)
            try container.encode(note, forKey: .note)
            try container.encode(rating, forKey: .rating)
            try container.encode(addedAt, forKey: .addedAt)
            try container.encode(updatedAt, forKey: .updatedAt)
        }

        private enum CodingKeys: String, CodingKey {
            case characterId, name, note, rating, addedAt, updatedAt
        }
    }

    /// Every favourite of `service` as `List` would print them, written a batch of favourites
    /// at a time (the same text, byte for byte), in chunks of about 64 KiB through `out`.
    static func writeList(of service: FavoritesService, to out: @escaping (String) -> Void) throws {
        let encoder = JSONText.encoder()
        var lines = LineBuffer(out)
        var batch: [Item] = []
        var previous: String?  // the last batch written out, held until it is known whether a comma follows
        var failure: (any Error)?
        // A batch encoded as {"results":[…]} has its items indented exactly as the whole list's
        // encoding puts them: the text between its first two lines and its last two.
        func write() {
            guard !batch.isEmpty, failure == nil else { return }
            do {
                let text = String(decoding: try encoder.encode(Batch(results: batch)), as: UTF8.self)
                let bytes = text.utf8
                guard let first = bytes.firstIndex(of: 0x0A), let second = bytes[bytes.index(after: first)...].firstIndex(of: 0x0A),
                    let last = bytes.lastIndex(of: 0x0A), let beforeLast = bytes[..<last].lastIndex(of: 0x0A), second < beforeLast
                else { throw Malformed() }
                if let previous { lines.append(previous + ",") }
                previous = String(text[text.index(after: second)..<beforeLast])
            } catch {
                failure = error
            }
            batch.removeAll(keepingCapacity: true)
        }
        try service.forEach(count: { lines.append("{\n  \"count\" : \($0),\n  \"results\" : [") }) { favorite in
            batch.append(Item(favorite))
            if batch.count == 512 { write() }
        }
        write()
        if let failure { throw failure }
        lines.append(previous ?? "")
        lines.append("  ]\n}")
        lines.flush()
    }

    /// Some favourites, encoded to take their items' text.
    private struct Batch: Encodable {
        let results: [Item]
    }

    /// The encoder's text was not shaped as expected.
    private struct Malformed: Error {}

    /// Every favourite: `{"count","results"}`, by when they were added.
    struct List: Encodable {
        let count: Int
        let results: [Item]

        init(_ favorites: [Favorite]) {
            count = favorites.count
            results = favorites.map(Item.init)
        }
    }
}
