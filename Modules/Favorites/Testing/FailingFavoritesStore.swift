import Favorites
import Foundation

/// A `FavoritesStore` double whose chosen operations throw a chosen error (a locked or damaged
/// database, say) and whose others go to a real store, for tests of how failures surface.
public struct FailingFavoritesStore: FavoritesStore {
    /// An operation of the store.
    public enum Operation: CaseIterable, Sendable {
        /// `add(_:)`.
        case add
        /// `favorite(characterID:)`.
        case get
        /// `list(offset:limit:)`.
        case list
        /// `update(characterID:note:rating:at:)`.
        case update
        /// `remove(characterID:)`.
        case remove
        /// `count()`.
        case count
    }

    private let error: FavoritesError
    private let failing: Set<Operation>
    private let base: any FavoritesStore

    /// A store throwing `error` from `failing` operations and passing the others to `base`.
    public init(
        _ error: FavoritesError, failing: Set<Operation> = Set(Operation.allCases), base: any FavoritesStore = InMemoryFavoritesStore()
    ) {
        self.error = error
        self.failing = failing
        self.base = base
    }

    /// Throws the error if `add` fails, else adds to the base store.
    public func add(_ favorite: Favorite) throws(FavoritesError) {
        try check(.add)
        try base.add(favorite)
    }

    /// Throws the error if `get` fails, else reads the base store.
    public func favorite(characterID: Int) throws(FavoritesError) -> Favorite? {
        try check(.get)
        return try base.favorite(characterID: characterID)
    }

    /// Throws the error if `list` fails, else lists the base store.
    public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
        try check(.list)
        return try base.list(offset: offset, limit: limit)
    }

    /// Throws the error if `update` fails, else updates the base store.
    @discardableResult
    public func update(characterID: Int, note: String?, rating: RatingChange, at date: Date) throws(FavoritesError) -> Favorite {
        try check(.update)
        return try base.update(characterID: characterID, note: note, rating: rating, at: date)
    }

    /// Throws the error if `remove` fails, else removes from the base store.
    public func remove(characterID: Int) throws(FavoritesError) {
        try check(.remove)
        try base.remove(characterID: characterID)
    }

    /// Throws the error if `count` fails, else counts the base store.
    public func count() throws(FavoritesError) -> Int {
        try check(.count)
        return try base.count()
    }

    /// The base store's changes.
    public func changes() -> AsyncStream<FavoriteChange> {
        base.changes()
    }

    private func check(_ operation: Operation) throws(FavoritesError) {
        if failing.contains(operation) { throw error }
    }
}
