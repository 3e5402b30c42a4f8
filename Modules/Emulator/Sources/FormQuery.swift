import Foundation

/// A query string read as `application/x-www-form-urlencoded`, as the Marvel API's servers
/// and browsers read one: `&`-separated `name=value` pairs (empty pairs skipped), `+` a space,
/// `%XX` a byte, the bytes UTF-8.
enum FormQuery {
    /// A parameter whose name or value does not decode, named as decoded when its name does,
    /// else as sent.
    struct BadParameter: Error {
        let name: String
    }

    /// The parameters of `query`, in order; a parameter without `=` has no value. Fails on the
    /// first one holding a `%` that starts no escape or bytes that are not UTF-8.
    static func parameters(_ query: Substring) -> Result<[URLQueryItem], BadParameter> {
        var items: [URLQueryItem] = []
        for pair in query.split(separator: "&") {
            let equals = pair.firstIndex(of: "=")
            let rawName = pair[..<(equals ?? pair.endIndex)]
            guard let name = decoded(rawName) else { return .failure(BadParameter(name: String(rawName))) }
            var value: String?
            if let equals {
                guard let decodedValue = decoded(pair[pair.index(after: equals)...]) else { return .failure(BadParameter(name: name)) }
                value = decodedValue
            }
            items.append(URLQueryItem(name: name, value: value))
        }
        return .success(items)
    }

    /// `text` with `+` as a space and each `%XX` as its byte, read as UTF-8; nil when a `%` is not
    /// followed by two hexadecimal digits or the bytes are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = rest.popFirst().flatMap(hexValue), let low = rest.popFirst().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
