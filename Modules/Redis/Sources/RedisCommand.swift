/// One command for the server: its name and binary-safe arguments, sent as a RESP2 array of bulk
/// strings.
public struct RedisCommand: Sendable, Equatable {
    /// The command's words, its name first.
    public var words: [[UInt8]]

    /// The command `name` with binary `arguments`.
    public init(_ name: String, arguments: [[UInt8]]) {
        words = [Array(name.utf8)] + arguments
    }

    /// The command `name` with text arguments.
    public init(_ name: String, _ arguments: String...) {
        self.init(name, arguments: arguments.map { Array($0.utf8) })
    }

    /// Appends the command as RESP2 (`*N`, then `$len` and the bytes of each word) to `buffer`.
    func encode(into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "*"))
        buffer.appendDecimal(words.count)
        for word in words {
            buffer.append(UInt8(ascii: "$"))
            buffer.appendDecimal(word.count)
            buffer.append(contentsOf: word)
            buffer.append(contentsOf: [13, 10])
        }
    }
}

extension [UInt8] {
    /// Appends `value` in decimal digits, then CRLF.
    fileprivate mutating func appendDecimal(_ value: Int) {
        append(contentsOf: String(value).utf8)
        append(contentsOf: [13, 10])
    }
}
