import Foundation

/// Finds the first object in a JSON document that names one key twice. `JSONSerialization`
/// keeps the last of two duplicates while `JSONSlicer` serves the bytes as written, so a
/// fixture with a duplicate key would be read two ways; `FixtureSet` rejects it instead.
///
/// It expects a document `JSONSerialization` has already accepted. Keys are compared after
/// their escapes are decoded, so `"id"` and `"\u0069d"` are the same key.
package struct DuplicateKeyFinder {
    /// Where the duplicate is: the object's path (`data.results[3]`) and the key.
    package struct Duplicate: Equatable {
        /// The object's path, or "the top level".
        package let path: String
        /// The key it names twice, its escapes decoded.
        package let key: String
    }

    private let bytes: [UInt8]
    private var index = 0

    /// The first duplicate key in `bytes`, or nil when every object's keys are distinct.
    package static func first(in bytes: [UInt8]) -> Duplicate? {
        var finder = DuplicateKeyFinder(bytes: bytes)
        return finder.value(at: "")
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(at path: String) -> Duplicate? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(at: path)
        case UInt8(ascii: "["): return array(at: path)
        case UInt8(ascii: "\""):
            _ = string()
            return nil
        default:
            while index < bytes.count, !JSONByte.endsScalar(bytes[index]) { index += 1 }
            return nil
        }
    }

    private mutating func object(at path: String) -> Duplicate? {
        index += 1
        var keys = Set<String>()
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                index += 1
                return nil
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard let key = string() else { return nil }
            guard keys.insert(key).inserted else { return Duplicate(path: path.isEmpty ? "the top level" : path, key: key) }
            skipWhitespace()
            index += 1
            if let duplicate = value(at: path.isEmpty ? key : "\(path).\(key)") { return duplicate }
        }
    }

    private mutating func array(at path: String) -> Duplicate? {
        index += 1
        var element = 0
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else {
                index += 1
                return nil
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                element += 1
                continue
            }
            let start = index
            if let duplicate = value(at: "\(path)[\(element)]") { return duplicate }
            // A byte no value starts with (`[}`, in a document JSONSerialization would refuse): step over it.
            if index == start { index += 1 }
        }
    }

    /// The decoded string at the cursor, moving past it.
    private mutating func string() -> String? {
        let start = index
        index += 1
        var escaped = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2
            case UInt8(ascii: "\""):
                index += 1
                let raw = bytes[start..<index]
                guard escaped else { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
                return try? JSONDecoder().decode(String.self, from: Data(raw))
            default:
                index += 1
            }
        }
        return nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONByte.isWhitespace(bytes[index]) { index += 1 }
    }
}
