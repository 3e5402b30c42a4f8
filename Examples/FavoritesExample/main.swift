import DataProviders
import DataProvidersTesting
import Favorites
import FavoritesTesting
import RepositoryTesting

// The Favorites feature alone: its service over an in-memory store and a repository of three
// made-up characters. It builds Favorites and the doubles it is composed with, none of the
// product's adapters or data sources, so a change to the feature runs here in seconds:
//
//     swift run FavoritesExample
//
// Swap a double for your own (a store under development, a repository stub with other
// characters) to try the feature against it.
let characters = [
    Character.sample(id: 1, name: "Captain Example"), Character.sample(id: 2, name: "Doctor Double"),
    Character.sample(id: 3, name: "The Stub"),
]
let favorites = FavoritesService(store: InMemoryFavoritesStore(), repository: CharacterRepositoryStub(characters))

try await favorites.add(characterID: 1, note: "Where it all starts", rating: 5)
try await favorites.add(characterID: 3)
try favorites.update(characterID: 3, note: "Answers anything asked", rating: .set(4))
for refused in [99, 1] {
    do {
        try await favorites.add(characterID: refused)
    } catch let error as FavoritesError {
        print("refused: \(error)")
    }
}
for favorite in try favorites.list() {
    let stars = favorite.rating.map { String(repeating: "*", count: $0) } ?? "-"
    print("\(favorite.characterID)\t\(favorite.name)\t\(stars)\t\(favorite.note)")
}
try favorites.remove(characterID: 1)
print("favourites left: \(try favorites.count())")
