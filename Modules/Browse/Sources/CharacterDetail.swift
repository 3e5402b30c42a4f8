import CommandLineKit
import DataProviders

/// Renders one character in full for people: name and id, the description wrapped to `width`
/// columns, the modified date, the thumbnail, up to five works of each kind and the links.
/// Missing fields, and a date that cannot be shown (`MarvelDate.iso8601` is nil), show "—" (counts
/// 0); every text from the data goes through `TerminalText`.
struct CharacterDetail {
    var width = 80
    var terminal = Terminal.plain

    /// The most works of one kind named under their count.
    static let namedWorks = 5

    func render(_ character: Character) -> String {
        var lines = [terminal.bold("\(TerminalText.safe(character.name)) (\(character.id))")]
        lines += character.description.isEmpty ? [missing] : Self.wrap(character.description, width: max(20, width))
        lines.append("")
        lines.append(field("Modified", character.modified.flatMap(MarvelDate.iso8601) ?? missing))
        lines.append(field("Thumbnail", character.thumbnail.map { TerminalText.safe($0.absoluteString) } ?? missing))
        let appearances = character.appearances
        for (label, list) in [
            ("Comics", appearances.comics), ("Series", appearances.series), ("Stories", appearances.stories),
            ("Events", appearances.events),
        ] {
            lines.append(field(label, String(list.available)))
            for item in list.items.prefix(Self.namedWorks) {
                lines.append(Self.indent + TerminalText.fit(item.name, max(10, width - Self.indent.count)))
            }
        }
        for type in ["detail", "wiki", "comiclink"] {
            let url = character.urls.first { $0.type == type }.map { TerminalText.safe($0.url) }
            lines.append(field(type == "detail" ? "Links" : "", TerminalText.padded(type, to: 11) + (url ?? missing)))
        }
        return lines.joined(separator: "\n")
    }

    private static let indent = String(repeating: " ", count: 12)

    private var missing: String { terminal.dim("—") }

    private func field(_ label: String, _ value: String) -> String {
        terminal.bold(TerminalText.padded(label, to: 10)) + "  " + value
    }

    /// `text` made safe and broken into lines of at most `width` columns, between words where
    /// it can, inside a word longer than a line where it must.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in TerminalText.safe(text).split(whereSeparator: \.isWhitespace).map(String.init) {
            var word = word
            while TerminalText.columns(word) > width {
                if !line.isEmpty { lines.append(line) }
                line = ""
                let head = TerminalText.prefix(word, columns: width)
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            if line.isEmpty {
                line = word
            } else if TerminalText.columns(line) + 1 + TerminalText.columns(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
