import Client
import DataProviders
import Favorites

/// The JSON of favourites, for scripts: stable field names, ISO 8601 dates in UTC, `rating`
/// null when there is none.
enum FavoriteJSON {
    /// One favourite: `{"addedAt","characterId","name","note","rating","updatedAt"}`.
    struct Item: Encodable {
        let characterId: Int
        let name: String
        let note: String
        let rating: Int?
        let addedAt: String
        let updatedAt: String

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
