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
            if configuration.cache == .disk {
                let cache: any Caching = try container.resolve()
                try CacheLedger(directory: configuration.cacheDirectory).add(cache.statistics)
            }
            let favorite = try outcome.get()
            console.out("Added \(favorite.name) (\(favorite.characterID)) to the favourites.")
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
            console.out("Updated \(favorite.name) (\(favorite.characterID)).")
        case .remove(let id):
            let favorite = try service.favorite(characterID: id)
            try service.remove(characterID: id)
            console.out("Removed \(favorite.name) (\(favorite.characterID)) from the favourites.")
        }
    }

    /// `$XDG_DATA_HOME/excelsior`, or `~/.local/share/excelsior`.
    static func defaultDataDirectory(_ environment: [String: String]) -> URL {
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("excelsior", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/excelsior", isDirectory: true)
    }
}
