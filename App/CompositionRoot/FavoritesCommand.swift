import Favorites
import Foundation
import Injection
import Storage

/// Runs `favorites add|list|show|update|remove` against the database in the data directory.
struct FavoritesCommand {
    let configuration: AppConfiguration
    let dataDirectory: URL
    let format: OutputFormat
    let console: Application.Console
    var terminal = Terminal.plain
    /// Prints one warning line, for bookkeeping that failed without failing the command.
    let warn: (String) -> Void

    func run(_ action: FavoritesAction) async throws {
        let container = try Container(AppComponents.all(configuration) + [AppComponents.favorites(dataDirectory: dataDirectory)])
        let service: FavoritesService = try container.resolve()
        switch action {
        case .add(let id, let note, let rating):
            let outcome: Result<Favorite, any Error>
            do {
                outcome = .success(try await service.add(characterID: id, note: note, rating: rating))
            } catch {
                outcome = .failure(error)
            }
            let cache: any Caching = try container.resolve()
            CacheLedger.record(cache.statistics, for: configuration, warn: warn)
            let favorite = try outcome.get()
            console.out("Added \(TerminalText.safe(favorite.name)) (\(favorite.characterID)) to the favourites.")
        case .list:
            let favorites = try service.list()
            if format == .json {
                console.out(try CharacterJSON.text(FavoriteJSON.List(favorites)))
            } else {
                console.out(FavoriteTable(terminal: terminal).render(favorites))
                console.out(terminal.dim(favorites.count == 1 ? "1 favourite." : "\(favorites.count) favourites."))
            }
        case .show(let id):
            let favorite = try service.favorite(characterID: id)
            if format == .json {
                console.out(try CharacterJSON.text(FavoriteJSON.Item(favorite)))
            } else {
                console.out(FavoriteTable(terminal: terminal).render([favorite]))
            }
        case .update(let id, let note, let rating):
            let favorite = try service.update(characterID: id, note: note, rating: rating)
            console.out("Updated \(TerminalText.safe(favorite.name)) (\(favorite.characterID)).")
        case .remove(let id):
            let favorite = try service.favorite(characterID: id)
            try service.remove(characterID: id)
            console.out("Removed \(TerminalText.safe(favorite.name)) (\(favorite.characterID)) from the favourites.")
        }
    }
}
