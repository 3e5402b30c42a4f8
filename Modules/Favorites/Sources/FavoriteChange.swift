/// A committed change to the favourites, as a store publishes it.
public enum FavoriteChange: Equatable, Sendable {
    /// The character became a favourite.
    case added(characterID: Int)
    /// Its note or rating changed.
    case updated(characterID: Int)
    /// It is no longer a favourite.
    case removed(characterID: Int)

    /// The character the change concerns.
    public var characterID: Int {
        switch self {
        case .added(let id), .updated(let id), .removed(let id): id
        }
    }
}
