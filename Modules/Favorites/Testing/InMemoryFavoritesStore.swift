import Favorites
import Foundation
import Synchronization

/// A `FavoritesStore` double in memory, behaving as the contract says, for tests of what sits
/// above the store.
public final class InMemoryFavoritesStore: FavoritesStore {
    private let favorites = Mutex<[Int: Favorite]>([:])
    private let feed = FavoriteChangeFeed()

    /// An empty store, or one holding `favorites`.
    public init(_ favorites: [Favorite] = []) {
        self.favorites.withLock { stored in
            for favorite in favorites { stored[favorite.characterID] = favorite }
        }
    }

    /// Keeps `favorite`; throws `alreadyFavorite` when its character is a favourite already.
    public func add(_ favorite: Favorite) throws(FavoritesError) {
        try favorites.withLock { stored throws(FavoritesError) in
            if let existing = stored[favorite.characterID] {
                throw .alreadyFavorite(characterID: existing.characterID, name: existing.name)
            }
            stored[favorite.characterID] = favorite
        }
        feed.publish(.added(characterID: favorite.characterID))
    }

    /// The favourite for `characterID`, or nil.
    public func favorite(characterID: Int) throws(FavoritesError) -> Favorite? {
        favorites.withLock { $0[characterID] }
    }

    /// At most `limit` favourites from `offset`, by `addedAt` then character id.
    public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
        let all = favorites.withLock { Array($0.values) }.sorted { ($0.addedAt, $0.characterID) < ($1.addedAt, $1.characterID) }
        return Array(all.dropFirst(max(0, offset)).prefix(max(0, limit)))
    }

    /// Changes only the note (unless nil) and the rating (unless `.keep`) of the stored
    /// favourite, and its `updatedAt`, under one lock; throws `favoriteNotFound` when there is none.
    @discardableResult
    public func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite {
        let updated = try favorites.withLock { stored throws(FavoritesError) in
            guard let current = stored[characterID] else { throw .favoriteNotFound(characterID: characterID) }
            let updated = current.updated(note: note ?? current.note, rating: rating.applied(to: current.rating), at: date)
            stored[characterID] = updated
            return updated
        }
        feed.publish(.updated(characterID: characterID))
        return updated
    }

    /// Forgets the favourite for `characterID`; throws `favoriteNotFound` when there is none.
    public func remove(characterID: Int) throws(FavoritesError) {
        try favorites.withLock { stored throws(FavoritesError) in
            guard stored.removeValue(forKey: characterID) != nil else { throw .favoriteNotFound(characterID: characterID) }
        }
        feed.publish(.removed(characterID: characterID))
    }

    /// How many favourites there are.
    public func count() throws(FavoritesError) -> Int {
        favorites.withLock { $0.count }
    }

    /// The changes committed from now on, through this store.
    public func changes() -> AsyncStream<FavoriteChange> {
        feed.stream()
    }
}
