import Favorites
import Foundation
import Injection

extension AppComponents {
    /// The user's favourites: an SQLite store in `dataDirectory`, opened when first resolved,
    /// and the service with its rules, checking characters through the repository.
    static func favorites(dataDirectory: URL) -> Component {
        Component {
            single { try SQLiteFavoritesStore(directory: dataDirectory) as any FavoritesStore }
            single { FavoritesService(store: try $0(), repository: try $0()) }
        }
    }
}
