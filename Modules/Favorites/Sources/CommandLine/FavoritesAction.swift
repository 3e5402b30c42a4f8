/// What `favorites` was asked to do.
public enum FavoritesAction: Equatable, Sendable {
    /// Make a character a favourite.
    case add(id: Int, note: String, rating: Int?)
    /// Print every favourite, by when it was added.
    case list
    /// Print one favourite.
    case show(id: Int)
    /// Change a favourite's note (nil keeps it) and rating.
    case update(id: Int, note: String?, rating: RatingChange)
    /// Forget a favourite.
    case remove(id: Int)
}
