/// Text from manifests, their programs and the environment made safe for a terminal, by the
/// product's rule: every control character (C0, DEL, C1) and bidirectional override becomes
/// U+FFFD, so nothing printed can move the cursor, set the window title or switch screens.
enum TerminalText {
    /// `text` on one line: line breaks and tabs replaced too.
    static func shown(_ text: String) -> String {
        replaced(text) { _ in false }
    }

    /// `text` with its line breaks and tabs kept, for output shown as lines.
    static func lines(_ text: String) -> String {
        replaced(text) { $0 == "\n" || $0 == "\t" }
    }

    private static func replaced(_ text: String, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !kept($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) && !kept($0) ? "\u{FFFD}" : $0 }))
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
