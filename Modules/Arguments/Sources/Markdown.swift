/// Text made safe for Markdown (GitHub's flavour): what the declarations say shows as written.
enum Markdown {
    /// `text` as Markdown prose: its `` `code` `` spans kept, and outside them every character that
    /// could start emphasis, a link, HTML or a strikethrough escaped; in a table cell (`inTable`)
    /// a `|` is escaped inside code spans too, as tables need.
    static func text(_ text: String, inTable: Bool = false) -> String {
        var result = ""
        for (index, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result += "`" }
            result += index.isMultiple(of: 2) ? escaped(part) : inTable ? String(part).replacing("|", with: "\\|") : String(part)
        }
        return result
    }

    /// `text` as one code span.
    static func code(_ text: String, inTable: Bool = false) -> String {
        "`" + (inTable ? text.replacing("|", with: "\\|") : text) + "`"
    }

    /// A table: the header row, the delimiter row, then one row per entry of `rows`, cells already Markdown.
    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        ([header, header.map { _ in "---" }] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
    }

    /// The anchor GitHub gives a heading of plain words: lower case, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        heading.lowercased().replacing(" ", with: "-")
    }

    /// Prose outside code spans, with `\ * [ ] < | ~` escaped, and `_` where it could begin or end emphasis.
    private static func escaped(_ prose: Substring) -> String {
        var result = ""
        var previous: Character = " "
        var characters = prose.makeIterator()
        var current = characters.next()
        while let character = current {
            let next = characters.next()
            let inWord = previous.isLetter || previous.isNumber
            let beforeWord = next.map { $0.isLetter || $0.isNumber } ?? false
            if "\\*[]<|~".contains(character) || (character == "_" && !(inWord && beforeWord)) { result += "\\" }
            result.append(character)
            previous = character
            current = next
        }
        return result
    }
}
