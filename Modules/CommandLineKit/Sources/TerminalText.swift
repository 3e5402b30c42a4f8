/// Text from data or servers made safe for a terminal, and measured as a terminal shows it.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) and bidirectional override replaced by
    /// U+FFFD, so no name, description or server message can move the cursor, set the window
    /// title or colour the terminal. Tabs and line breaks become spaces.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                scalars.append(" ")
            } else {
                scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(scalars)
    }

    /// The columns `text` takes on a terminal: two for wide East Asian characters and emoji,
    /// none for combining marks and other zero-width scalars, one otherwise.
    public static func columns(_ text: String) -> Int {
        isPlainASCII(text) ? text.utf8.count : text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Whether `text` is printable ASCII only: each character one byte and one column.
    public static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }

    /// `text` cut to at most `width` columns, whole characters only.
    public static func prefix(_ text: String, columns width: Int) -> String {
        if isPlainASCII(text) { return String(decoding: text.utf8.prefix(max(0, width)), as: UTF8.self) }
        var used = 0
        var result = ""
        for character in text {
            let needed = columns(of: character)
            guard used + needed <= width else { break }
            used += needed
            result.append(character)
        }
        return result
    }

    /// `text` made safe and on one line, cut to `width` columns with a trailing ellipsis if longer.
    public static func fit(_ text: String, _ width: Int) -> String {
        let safe = TerminalText.safe(text)
        let isFlat = TerminalText.isPlainASCII(safe) && !safe.hasPrefix(" ") && !safe.hasSuffix(" ") && !safe.contains("  ")
        let flat = isFlat ? safe : safe.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard TerminalText.columns(flat) > width else { return flat }
        var cut = TerminalText.prefix(flat, columns: width - 1)
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// The columns one character (grapheme cluster) takes.
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return 1 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        return character.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F, merged).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
