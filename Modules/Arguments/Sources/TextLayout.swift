/// How help text is laid out: lines of at most 92 columns, options in two columns with the help at
/// column 30, exit codes with their meaning at column 8.
enum TextLayout {
    /// The most columns a line takes.
    static let width = 92
    /// The spaces before the help column: two of indent, 27 for the option, one between.
    static let helpIndent = 29
    /// The spaces before an exit code's meaning: two of indent, three for the code, two between.
    static let codeIndent = 7

    /// `text` as lines of at most `width` columns, broken between words; a longer word gets a line of its own.
    static func wrap(_ text: String, width: Int = width) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// `label` indented by two, then `help` wrapped from column `indent` + 1; a label too long for its column puts the help below it.
    static func row(_ label: String, _ help: String, indent: Int = helpIndent) -> [String] {
        let spaces = String(repeating: " ", count: indent)
        let lines = wrap(help, width: width - indent)
        let column = "  " + label
        guard column.count < indent, let first = lines.first else { return [column] + lines.map { spaces + $0 } }
        let padding = String(repeating: " ", count: indent - column.count)
        return [column + padding + first] + lines.dropFirst().map { spaces + $0 }
    }

    /// The first sentence of `text`: up to the period of its first ". ", or all of it.
    static func firstSentence(of text: String) -> String {
        guard let end = text.firstRange(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
