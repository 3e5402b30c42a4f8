/// What an update does to a favourite's rating.
public enum RatingChange: Equatable, Sendable {
    /// Leave it as it is.
    case keep
    /// Set it to a value, 1 to 5.
    case set(Int)
    /// Remove it.
    case clear

    /// What `rating` becomes under this change.
    public func applied(to rating: Int?) -> Int? {
        switch self {
        case .keep: rating
        case .set(let value): value
        case .clear: nil
        }
    }
}
