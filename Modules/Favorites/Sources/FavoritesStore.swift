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
    /// Replaces the note, rating and `updatedAt` of the stored favourite with `favorite`'s (its
    /// name and `addedAt` stay); throws `favoriteNotFound` when there is none.
    func update(_ favorite: Favorite) throws(FavoritesError)
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

    /// Every favourite, by `addedAt` then character id.
    public func list() throws(FavoritesError) -> [Favorite] {
        try list(offset: 0, limit: Int.max)
    }
}
