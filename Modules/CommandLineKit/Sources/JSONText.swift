import Foundation

/// The program's JSON for scripts: pretty-printed, keys sorted, slashes as they are.
public enum JSONText {
    /// An encoder writing the program's JSON.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as the program's JSON.
    public static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }
}
