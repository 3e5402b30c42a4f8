import CommandLineKit
import DataProviders

/// Renders characters as an aligned table that fits `width` terminal columns (wide characters
/// count twice), shortening names and descriptions with an ellipsis; control characters in the
/// data never reach the terminal.
struct CharacterTable {
    var width = 80
    var terminal = Terminal.plain

    func render(_ characters: [Character]) -> String {
        let ids = characters.map { String($0.id) }
        let idWidth = max("ID".count, ids.map(\.count).max() ?? 0)
        let nameWidth = min(28, max("NAME".count, characters.map { TerminalText.columns(TerminalText.safe($0.name)) }.max() ?? 0))
        let descriptionWidth = max(10, width - idWidth - nameWidth - 4)
        var lines = [terminal.bold(row("ID", "NAME", "DESCRIPTION", idWidth, nameWidth))]
        for (character, id) in zip(characters, ids) {
            let description =
                character.description.isEmpty
                ? terminal.dim("—") : TerminalText.fit(character.description, descriptionWidth)
            lines.append(row(id, TerminalText.fit(character.name, nameWidth), description, idWidth, nameWidth))
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ id: String, _ name: String, _ description: String, _ idWidth: Int, _ nameWidth: Int) -> String {
        let paddedID = String(repeating: " ", count: idWidth - id.count) + id
        return "\(paddedID)  \(TerminalText.padded(name, to: nameWidth))  \(description)"
    }
}
