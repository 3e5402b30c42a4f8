import DataProviders

/// Renders characters as an aligned table that fits `width` columns, shortening names and
/// descriptions with an ellipsis.
struct CharacterTable {
    var width = 80
    var terminal = Terminal.plain

    func render(_ characters: [Character]) -> String {
        let ids = characters.map { String($0.id) }
        let idWidth = max("ID".count, ids.map(\.count).max() ?? 0)
        let nameWidth = min(28, max("NAME".count, characters.map(\.name.count).max() ?? 0))
        let descriptionWidth = max(10, width - idWidth - nameWidth - 4)
        var lines = [terminal.bold(row("ID", "NAME", "DESCRIPTION", idWidth, nameWidth))]
        for (character, id) in zip(characters, ids) {
            let description =
                character.description.isEmpty
                ? terminal.dim("—") : Self.fit(character.description, descriptionWidth)
            lines.append(row(id, Self.fit(character.name, nameWidth), description, idWidth, nameWidth))
        }
        return lines.joined(separator: "\n")
    }

    /// `text` on one line, cut to `width` characters with a trailing ellipsis if longer.
    static func fit(_ text: String, _ width: Int) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > width else { return flat }
        var cut = String(flat.prefix(width - 1))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    private func row(_ id: String, _ name: String, _ description: String, _ idWidth: Int, _ nameWidth: Int) -> String {
        let paddedID = String(repeating: " ", count: idWidth - id.count) + id
        let paddedName = name + String(repeating: " ", count: nameWidth - name.count)
        return "\(paddedID)  \(paddedName)  \(description)"
    }
}
