import CommandLineKit

/// Renders favourites as an aligned table that fits `width` terminal columns: id, name, rating as
/// stars, and the note, shortened with an ellipsis; names are made safe for the terminal. A long
/// list is rendered a row at a time: `Widths` first, from every favourite, then `header` and `line`.
struct FavoriteTable {
    var width = 80
    var terminal = Terminal.plain

    /// The widest id and name among the favourites seen so far.
    struct Widths {
        static let maximumName = 24
        var id = "ID".count
        var name = "NAME".count

        /// Takes `favorite` into account.
        mutating func include(_ favorite: Favorite) {
            id = max(id, String(favorite.characterID).count)
            // Names are cut at the maximum anyway; past it, measuring more names changes nothing.
            if name < Self.maximumName {
                name = min(Self.maximumName, max(name, TerminalText.columns(TerminalText.safe(favorite.name))))
            }
        }
    }

    func render(_ favorites: [Favorite]) -> String {
        var widths = Widths()
        for favorite in favorites { widths.include(favorite) }
        return ([header(widths)] + favorites.map { line($0, widths) }).joined(separator: "\n")
    }

    /// The table's first line.
    func header(_ widths: Widths) -> String {
        terminal.bold(row("ID", "NAME", "RATING", "NOTE", widths))
    }

    /// The table's line for `favorite`.
    func line(_ favorite: Favorite, _ widths: Widths) -> String {
        let noteWidth = max(10, width - widths.id - widths.name - Self.ratingWidth - 6)
        let stars = favorite.rating.map { String(repeating: "★", count: max(0, $0)) } ?? "—"
        let note = favorite.note.isEmpty ? terminal.dim("—") : TerminalText.fit(favorite.note, noteWidth)
        return row(String(favorite.characterID), TerminalText.fit(favorite.name, widths.name), stars, note, widths)
    }

    private static let ratingWidth = 6

    private func row(_ id: String, _ name: String, _ rating: String, _ note: String, _ widths: Widths) -> String {
        let paddedID = String(repeating: " ", count: max(0, widths.id - id.count)) + id
        return "\(paddedID)  \(TerminalText.padded(name, to: widths.name))  \(TerminalText.padded(rating, to: Self.ratingWidth))  \(note)"
    }
}
