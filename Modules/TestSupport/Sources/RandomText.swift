extension String {
    /// Up to `maxLength` Unicode scalars, mostly ASCII but from every plane too: control
    /// characters and NUL, two-, three- and four-byte UTF-8, combining marks, emoji and the
    /// zero-width joiner, so the text has any shape a caller might meet.
    public static func random(maxLength: Int, using random: inout some RandomNumberGenerator) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            let range = scalarRanges.randomElement(using: &random)!
            text.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
        }
        return String(text)
    }

    /// Where `random` draws scalars from, ASCII letters five times as often as the rest; none is
    /// a surrogate.
    private static let scalarRanges: [ClosedRange<UInt32>] =
        Array(repeating: 0x61...0x7A, count: 5) + [
            0x00...0x1F, 0x20...0x7E, 0x80...0x7FF, 0x300...0x36F, 0x800...0xD7FF, 0xE000...0xFFFF, 0x200D...0x200D,
            0x1_F300...0x1_FAFF, 0x1_0000...0x10_FFFF,
        ]
}
