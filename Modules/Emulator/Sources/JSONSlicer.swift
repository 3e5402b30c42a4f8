/// Finds where the elements of one array sit in a JSON document, as byte ranges, so the
/// emulator can serve fixture objects exactly as their files hold them without re-encoding.
///
/// It reads structure only (objects, arrays, strings with their escapes) and expects a
/// document `JSONSerialization` has already accepted.
package struct JSONSlicer {
    private let bytes: [UInt8]
    private var index = 0

    /// The byte ranges of the elements of the array at `path` (object keys from the top), or
    /// nil when the document has no array there.
    package static func elements(ofArrayAt path: [String], in bytes: [UInt8]) -> [Range<Int>]? {
        var slicer = JSONSlicer(bytes: bytes)
        return slicer.elements(path.map { Array($0.utf8) }[...])
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func elements(_ path: ArraySlice<[UInt8]>) -> [Range<Int>]? {
        skipWhitespace()
        guard let key = path.first else { return arrayElements() }
        guard take(UInt8(ascii: "{")) else { return nil }
        while true {
            skipWhitespace()
            guard let name = string(), skipWhitespace(), take(UInt8(ascii: ":")) else { return nil }
            if name == key { return elements(path.dropFirst()) }
            guard skipWhitespace(), skipValue(), skipWhitespace(), take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private mutating func arrayElements() -> [Range<Int>]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return ranges }
        while true {
            skipWhitespace()
            let start = index
            guard skipValue() else { return nil }
            ranges.append(start..<index)
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return ranges }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// Moves past one value of any kind; false at the end of the document.
    private mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count, !JSONByte.endsScalar(bytes[index]) { index += 1 }
            return index > start
        }
    }

    /// The raw bytes of the string at the cursor (escapes left as written), moving past it.
    private mutating func string() -> [UInt8]? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return Array(bytes[start..<index])
            default:
                index += 1
            }
        }
        return nil
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        while index < bytes.count, JSONByte.isWhitespace(bytes[index]) { index += 1 }
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
