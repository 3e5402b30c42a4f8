import Persistence
import Repository

/// Describes the Favorites module as its manifest declares it.
public enum FavoritesModule {
    /// The module's name.
    public static let name = "Favorites"
    /// The modules Favorites imports directly.
    public static let dependencies: [String] = ["Persistence", "Repository"]
}
