/// A plain reader of JSON (RFC 8259) for the fixture target: it finds the first object that
/// names a key twice, as `DuplicateKeyFinder` should, and the key count of every object, in
/// document order. Keys are compared as Swift strings, after their escapes are decoded.
struct JSONReference {
    /// The first duplicate: the object's path (`data.results[3]`, or "the top level") and the key.
    var duplicate: (path: String, key: String)?
    /// How many keys each object names, in the order the objects start.
    var keyCounts: [Int] = []

    private let bytes: [UInt8]
    private var index = 0

    /// What `bytes` hold, or nil when they are not one JSON value in UTF-8.
    static func read(_ bytes: [UInt8]) -> JSONReference? {
        var reader = JSONReference(bytes: bytes)
        reader.skipWhitespace()
        guard reader.value(at: "", depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == bytes.count ? reader : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(at path: String, depth: Int) -> Bool {
        guard index < bytes.count, depth < 512 else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(at: path, depth: depth)
        case UInt8(ascii: "["): return array(at: path, depth: depth)
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object(at path: String, depth: Int) -> Bool {
        index += 1
        let slot = keyCounts.count
        keyCounts.append(0)
        var keys: [String] = []
        skipWhitespace()
        if take("}") { return true }
        while true {
            skipWhitespace()
            guard let key = string() else { return false }
            if duplicate == nil, keys.contains(key) { duplicate = (path.isEmpty ? "the top level" : path, key) }
            keys.append(key)
            keyCounts[slot] += 1
            skipWhitespace()
            guard take(":") else { return false }
            skipWhitespace()
            guard value(at: path.isEmpty ? key : "\(path).\(key)", depth: depth + 1) else { return false }
            skipWhitespace()
            if take("}") { return true }
            guard take(",") else { return false }
        }
    }

    private mutating func array(at path: String, depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if take("]") { return true }
        var element = 0
        while true {
            skipWhitespace()
            guard value(at: "\(path)[\(element)]", depth: depth + 1) else { return false }
            element += 1
            skipWhitespace()
            if take("]") { return true }
            guard take(",") else { return false }
        }
    }

    /// The string at the cursor, its escapes decoded; nil when it is not a JSON string.
    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        var scalars = String.UnicodeScalarView()
        var start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                guard let run = String(validating: bytes[start..<index], as: UTF8.self) else { return nil }
                scalars.append(contentsOf: run.unicodeScalars)
                index += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                guard let escaped = escape() else { return nil }
                scalars.append(escaped)
                start = index
            } else if byte < 0x20 {
                return nil
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The character an escape after its backslash stands for; a surrogate must be half of a pair.
    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
            guard take("\\"), take("u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() -> Bool {
        _ = take("-")
        if !take("0") {
            guard index < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) else { return false }
            digits()
        }
        if take("."), digits() == 0 { return false }
        if take("e") || take("E") {
            _ = take("+") || take("-")
            guard digits() > 0 else { return false }
        }
        return true
    }

    @discardableResult
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: String) -> Bool {
        word.utf8.allSatisfy { take(Unicode.Scalar($0)) }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }
}
