import Foundation

/// Where favourites are kept: one per character, listed in the order they were added.
///
/// Every method either does all it says or throws and changes nothing; each committed change is
/// published on `changes()`.
public protocol FavoritesStore: Sendable {
    /// Keeps `favorite`; throws `alreadyFavorite` when its character is a favourite already.
    func add(_ favorite: Favorite) throws(FavoritesError)
    /// The favourite for `characterID`, or nil.
    func favorite(characterID: Int) throws(FavoritesError) -> Favorite?
    /// At most `limit` favourites from `offset`, by `addedAt` then character id; negative
    /// numbers count as 0.
    func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite]
    /// Changes only what it is told to, in one atomic step, and returns the favourite as stored:
    /// the note unless `note` is nil, the rating as `rating` says, `updatedAt` to `date` (the
    /// name and `addedAt` stay). A concurrent update of the other field is never undone. Throws
    /// `favoriteNotFound` when there is none, `unreadableFavorite` when the stored one is not a
    /// favourite.
    @discardableResult
    func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite
    /// Forgets the favourite for `characterID`; throws `favoriteNotFound` when there is none.
    func remove(characterID: Int) throws(FavoritesError)
    /// How many favourites there are.
    func count() throws(FavoritesError) -> Int
    /// Tells `count` how many favourites there are, then hands each to `body` by `addedAt` then
    /// character id, one at a time without holding them all, both from one snapshot; throws
    /// `unreadableFavorite` at the first row that is not a favourite.
    func forEach(count: (Int) -> Void, _ body: (Favorite) -> Void) throws(FavoritesError)
    /// The changes committed from now on, through this store.
    func changes() -> AsyncStream<FavoriteChange>
}

extension FavoritesStore {
    /// `forEach` through `list()`, for stores that hold their favourites in memory anyway.
    public func forEach(count: (Int) -> Void, _ body: (Favorite) -> Void) throws(FavoritesError) {
        let favorites = try list()
        count(favorites.count)
        for favorite in favorites { body(favorite) }
    }

    /// Sets the stored favourite's note and rating to `favorite`'s (both named, so a concurrent
    /// change of either is overwritten) and its `updatedAt`; throws `favoriteNotFound` when
    /// there is none.
    public func update(_ favorite: Favorite) throws(FavoritesError) {
        let rating: RatingChange = favorite.rating.map { .set($0) } ?? .clear
        try update(characterID: favorite.characterID, note: favorite.note, rating: rating, at: favorite.updatedAt)
    }

    /// Every favourite, by `addedAt` then character id.
    public func list() throws(FavoritesError) -> [Favorite] {
        try list(offset: 0, limit: Int.max)
    }
}
