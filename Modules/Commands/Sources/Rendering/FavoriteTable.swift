import Favorites

/// Renders favourites as an aligned table that fits `width` terminal columns: id, name, rating as
/// stars, and the note, shortened with an ellipsis; names are made safe for the terminal.
struct FavoriteTable {
    var width = 80
    var terminal = Terminal.plain

    func render(_ favorites: [Favorite]) -> String {
        let ids = favorites.map { String($0.characterID) }
        let idWidth = max("ID".count, ids.map(\.count).max() ?? 0)
        let nameWidth = min(24, max("NAME".count, favorites.map { TerminalText.columns(TerminalText.safe($0.name)) }.max() ?? 0))
        let ratingWidth = 6
        let noteWidth = max(10, width - idWidth - nameWidth - ratingWidth - 6)
        var lines = [terminal.bold(row("ID", "NAME", "RATING", "NOTE", idWidth, nameWidth, ratingWidth))]
        for (favorite, id) in zip(favorites, ids) {
            let stars = favorite.rating.map { String(repeating: "★", count: $0) } ?? "—"
            let note = favorite.note.isEmpty ? terminal.dim("—") : CharacterTable.fit(favorite.note, noteWidth)
            lines.append(row(id, CharacterTable.fit(favorite.name, nameWidth), stars, note, idWidth, nameWidth, ratingWidth))
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ id: String, _ name: String, _ rating: String, _ note: String, _ idWidth: Int, _ nameWidth: Int, _ ratingWidth: Int)
        -> String
    {
        let paddedID = String(repeating: " ", count: idWidth - id.count) + id
        return "\(paddedID)  \(TerminalText.padded(name, to: nameWidth))  \(TerminalText.padded(rating, to: ratingWidth))  \(note)"
    }
}
