import Favorites

/// Test support for Favorites: its doubles and spec suites live in this target.
public enum FavoritesDoubles {
    /// The module these doubles stand in for.
    public static let module = FavoritesModule.name
}
