/// One `name=value` query parameter.
public struct QueryParameter: Sendable, Equatable {
    /// The parameter's name.
    public let name: String
    /// The parameter's value, unescaped.
    public let value: String

    /// A parameter from any value printed as text.
    public init(_ name: String, _ value: some CustomStringConvertible) {
        self.name = name
        self.value = value.description
    }

    /// `name=value` as the client writes it in a query: every byte of their UTF-8 but RFC 3986's
    /// unreserved characters (letters, digits, `-`, `.`, `_`, `~`) percent-encoded, a space as
    /// `%20`, so `+`, `&`, `=`, `%` and `#` are data to any form or URI reader.
    public var percentEncoded: String {
        Self.percentEncoding(name) + "=" + Self.percentEncoding(value)
    }

    private static func percentEncoding(_ text: String) -> String {
        var encoded = String.UnicodeScalarView()
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Unicode.Scalar(byte))
            default:
                encoded += ["%", hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(encoded)
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
}
