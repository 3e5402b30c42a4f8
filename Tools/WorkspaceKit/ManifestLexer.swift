/// Splits manifest text into tokens, skipping comments and whitespace and tracking lines.
struct ManifestLexer {
    enum Token: Equatable {
        case identifier(String)
        case string(String)
        case punctuation(Character)
        case end
    }

    private let characters: [Character]
    private var index = 0
    private(set) var line = 1
    let file: String

    init(_ text: String, file: String) {
        self.characters = Array(text)
        self.file = file
    }

    /// The next token and the line it starts on.
    mutating func next() throws(ManifestError) -> (Token, Int) {
        try skipTrivia()
        guard index < characters.count else { return (.end, line) }
        let start = line
        let character = characters[index]
        if character == "\"" { return (.string(try string()), start) }
        if character.isLetter || character == "_" {
            var name = ""
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                name.append(characters[index])
                index += 1
            }
            return (.identifier(name), start)
        }
        guard "()[],:.=".contains(character) else {
            throw ManifestError(file: file, line: line, message: "unexpected character '\(character)'")
        }
        index += 1
        return (.punctuation(character), start)
    }

    private mutating func skipTrivia() throws(ManifestError) {
        while index < characters.count {
            let character = characters[index]
            if Self.isLineEnd(character) {
                line += 1
                index += 1
            } else if character.isWhitespace {
                index += 1
            } else if starts(with: "//") {
                while index < characters.count, !Self.isLineEnd(characters[index]) { index += 1 }
            } else if starts(with: "/*") {
                let opened = line
                index += 2
                while index < characters.count, !starts(with: "*/") {
                    if Self.isLineEnd(characters[index]) { line += 1 }
                    index += 1
                }
                guard index < characters.count else {
                    throw ManifestError(file: file, line: opened, message: "unterminated comment")
                }
                index += 2
            } else {
                return
            }
        }
    }

    private mutating func string() throws(ManifestError) -> String {
        let opened = line
        index += 1
        var value = ""
        while index < characters.count, characters[index] != "\"" {
            if Self.isLineEnd(characters[index]) { break }
            if characters[index] == "\\" {
                throw ManifestError(file: file, line: line, message: "escapes and interpolation are not allowed in manifest strings")
            }
            value.append(characters[index])
            index += 1
        }
        guard index < characters.count, characters[index] == "\"" else {
            throw ManifestError(file: file, line: opened, message: "unterminated string")
        }
        index += 1
        return value
    }

    /// Whether `character` ends a line: LF, or CRLF, which is one Character (a file with Windows line ends).
    private static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n"
    }

    private func starts(with text: String) -> Bool {
        var position = index
        for expected in text {
            guard position < characters.count, characters[position] == expected else { return false }
            position += 1
        }
        return true
    }
}
