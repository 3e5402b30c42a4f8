/// One RESP2 reply, as the server sent it.
public enum RedisReply: Equatable, Sendable, CustomStringConvertible {
    /// `+OK`: a simple string.
    case simpleString(String)
    /// `-ERR …`: an error, with the server's text.
    case error(String)
    /// `:42`: a signed 64-bit integer.
    case integer(Int64)
    /// `$3\r\nfoo`: a binary-safe bulk string, or nil for the null bulk string `$-1`.
    case bulkString([UInt8]?)
    /// `*2\r\n…`: an array of replies (which may nest), or nil for the null array `*-1`.
    case array([RedisReply]?)

    /// The kind of reply and a short preview, for messages.
    public var description: String {
        switch self {
        case .simpleString(let text): "simple string '\(text.prefix(40))'"
        case .error(let text): "error '\(text.prefix(80))'"
        case .integer(let value): "integer \(value)"
        case .bulkString(nil): "null bulk string"
        case .bulkString(let bytes?): "bulk string of \(bytes.count) bytes"
        case .array(nil): "null array"
        case .array(let elements?): "array of \(elements.count) elements"
        }
    }
}
