import CommandLineKit
import Foundation

/// `favorites add|list|show|update|remove`: the user's favourites through `FavoritesService`.
public struct FavoritesCommand: ProgramCommand {
    private let action: FavoritesAction
    private let service: FavoritesService
    private let lookedUp: @Sendable () -> Void
    private let format: OutputFormat
    private let console: Console

    /// Does `action` through `service`, printing in `format` on `console`; `lookedUp` runs once
    /// `add` has looked the character up, whether or not it was found (to record the cache's counts).
    public init(
        _ action: FavoritesAction, service: FavoritesService, format: OutputFormat, console: Console,
        lookedUp: @escaping @Sendable () -> Void = {}
    ) {
        self.action = action
        self.service = service
        self.lookedUp = lookedUp
        self.format = format
        self.console = console
    }

    /// Runs the favourites action and prints its outcome.
    public func run() async throws {
        let terminal = console.terminal
        switch action {
        case .add(let id, let note, let rating):
            let outcome: Result<Favorite, any Error>
            do {
                outcome = .success(try await service.add(characterID: id, note: note, rating: rating))
            } catch {
                outcome = .failure(error)
            }
            lookedUp()
            let favorite = try outcome.get()
            console.out("Added \(TerminalText.safe(favorite.name)) (\(favorite.characterID)) to the favourites.")
        case .list:
            // A row at a time, so a long list never sits in memory whole: the JSON from one
            // snapshot, the table in two passes (the widths, then the rows).
            if format == .json {
                try FavoriteJSON.writeList(of: service, to: console.out)
            } else {
                let table = FavoriteTable(terminal: terminal)
                var widths = FavoriteTable.Widths()
                try service.forEach(count: { _ in }) { widths.include($0) }
                var lines = LineBuffer(console.out)
                lines.append(table.header(widths))
                var count = 0
                try service.forEach(count: { _ in }) { favorite in
                    lines.append(table.line(favorite, widths))
                    count += 1
                }
                lines.flush()
                console.out(terminal.dim(count == 1 ? "1 favourite." : "\(count) favourites."))
            }
        case .show(let id):
            let favorite = try service.favorite(characterID: id)
            if format == .json {
                console.out(try JSONText.text(FavoriteJSON.Item(favorite)))
            } else {
                console.out(FavoriteTable(terminal: terminal).render([favorite]))
            }
        case .update(let id, let note, let rating):
            let favorite = try service.update(characterID: id, note: note, rating: rating)
            console.out("Updated \(TerminalText.safe(favorite.name)) (\(favorite.characterID)).")
        case .remove(let id):
            // A favourite another program spoiled cannot be read, but it can be removed.
            let name: String?
            do {
                name = try service.favorite(characterID: id).name
            } catch .unreadableFavorite {
                name = nil
            }
            try service.remove(characterID: id)
            if let name {
                console.out("Removed \(TerminalText.safe(name)) (\(id)) from the favourites.")
            } else {
                console.out("Removed the unreadable favourite \(id) from the favourites.")
            }
        }
    }
}
