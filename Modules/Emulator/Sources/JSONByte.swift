/// What a byte means to the two structure-only JSON readers, `JSONSlicer` and `DuplicateKeyFinder`.
enum JSONByte {
    /// Whether `byte` is JSON whitespace (space, tab, line feed, carriage return).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `byte` ends a number, `true`, `false` or `null`: a separator, a closing bracket or whitespace.
    static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte)
    }
}
