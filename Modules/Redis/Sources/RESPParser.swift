/// Parses RESP2 replies out of the bytes a server sent, one at a time, checking every byte.
///
/// The parser is incremental: given bytes that hold only the start of a reply it answers nil
/// (read more, then ask again). Malformed bytes throw `RedisError.protocolError` naming the
/// offending byte's position in the reply stream. The limits keep a hostile or broken server from
/// making the client allocate without bound.
package struct RESPParser: Sendable {
    /// The longest bulk string accepted, in bytes.
    package var maxBulkLength: Int
    /// The longest bulk string the caller wants, in bytes, when it wants fewer than
    /// `maxBulkLength`: a longer one is refused from its length as `valueTooLarge`, unread.
    package var maxValueLength: Int?
    /// The most elements an array may announce.
    package var maxArrayCount = 1 << 20
    /// The longest simple string, error or number line, in bytes.
    package var maxLineLength = 64 * 1024
    /// How deeply arrays may nest.
    package var maxDepth = 32

    /// A parser with these bulk-string limits and the other limits' defaults.
    package init(maxBulkLength: Int, maxValueLength: Int? = nil) {
        self.maxBulkLength = maxBulkLength
        self.maxValueLength = maxValueLength
    }

    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    /// The reply starting at `start` in `bytes` and the index after it, or nil when `bytes` ends
    /// before the reply does. `streamOffset` is the position of `bytes[0]` in the whole stream.
    package func parse(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, streamOffset: Int) throws(RedisError) -> (RedisReply, Int)? {
        try reply(bytes, at: start, depth: 0, streamOffset: streamOffset)
    }

    private func reply(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int, streamOffset: Int) throws(RedisError) -> (
        RedisReply, Int
    )? {
        guard start < bytes.count else { return nil }
        func failure(at index: Int, _ reason: String) -> RedisError {
            .protocolError(position: streamOffset + index, reason: reason)
        }
        guard let lineEnd = try lineEnd(bytes, from: start + 1, streamOffset: streamOffset) else { return nil }
        let line = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<lineEnd])
        let next = lineEnd + 2
        switch bytes[start] {
        case UInt8(ascii: "+"):
            return (.simpleString(String(decoding: line, as: UTF8.self)), next)
        case UInt8(ascii: "-"):
            return (.error(String(decoding: line, as: UTF8.self)), next)
        case UInt8(ascii: ":"):
            return (.integer(try Self.integer(line, at: start + 1, streamOffset: streamOffset)), next)
        case UInt8(ascii: "$"):
            let length = try Self.integer(line, at: start + 1, streamOffset: streamOffset)
            if length == -1 { return (.bulkString(nil), next) }
            guard length >= 0 else { throw failure(at: start + 1, "a bulk string length of \(length)") }
            guard length <= maxBulkLength else {
                throw failure(at: start + 1, "a bulk string of \(length) bytes is over the limit of \(maxBulkLength)")
            }
            if let maxValueLength, length > maxValueLength { throw .valueTooLarge(bytes: Int(length), limit: maxValueLength) }
            let end = next + Int(length)
            guard end + 2 <= bytes.count else {
                if end < bytes.count, bytes[end] != Self.carriageReturn {
                    throw failure(at: end, "the bulk string does not end with CRLF at its length")
                }
                return nil
            }
            guard bytes[end] == Self.carriageReturn, bytes[end + 1] == Self.lineFeed else {
                throw failure(at: bytes[end] == Self.carriageReturn ? end + 1 : end, "the bulk string does not end with CRLF at its length")
            }
            return (.bulkString(Array(bytes[next..<end])), end + 2)
        case UInt8(ascii: "*"):
            let count = try Self.integer(line, at: start + 1, streamOffset: streamOffset)
            if count == -1 { return (.array(nil), next) }
            guard count >= 0 else { throw failure(at: start + 1, "an array count of \(count)") }
            guard count <= maxArrayCount else {
                throw failure(at: start + 1, "an array of \(count) elements is over the limit of \(maxArrayCount)")
            }
            guard depth < maxDepth else { throw failure(at: start, "arrays nested deeper than \(maxDepth)") }
            var elements: [RedisReply] = []
            elements.reserveCapacity(min(Int(count), 1024))
            var index = next
            for _ in 0..<count {
                guard let (element, after) = try reply(bytes, at: index, depth: depth + 1, streamOffset: streamOffset) else { return nil }
                elements.append(element)
                index = after
            }
            return (.array(elements), index)
        default:
            throw failure(at: start, "unexpected byte \(Self.describe(bytes[start])) where a reply starts")
        }
    }

    /// The index of the CR ending the line that starts at `start`, nil when it has not arrived.
    private func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, streamOffset: Int) throws(RedisError) -> Int? {
        let limit = min(bytes.count, start + maxLineLength + 1)
        var index = start
        while index < limit, bytes[index] != Self.carriageReturn { index += 1 }
        guard index < limit else {
            guard bytes.count - start <= maxLineLength else {
                throw .protocolError(position: streamOffset + start + maxLineLength, reason: "a line longer than \(maxLineLength) bytes")
            }
            return nil
        }
        guard index + 1 < bytes.count else { return nil }
        guard bytes[index + 1] == Self.lineFeed else {
            throw .protocolError(position: streamOffset + index + 1, reason: "CR followed by \(Self.describe(bytes[index + 1])), not LF")
        }
        return index
    }

    /// The signed decimal number `line` holds, which starts at `start` in the buffer.
    private static func integer(_ line: UnsafeBufferPointer<UInt8>, at start: Int, streamOffset: Int) throws(RedisError) -> Int64 {
        let negative = line.first == UInt8(ascii: "-")
        let digits = negative ? 1 : 0
        guard line.count > digits else { throw .protocolError(position: streamOffset + start + digits, reason: "a number with no digits") }
        var value: Int64 = 0
        for index in digits..<line.count {
            let byte = line[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw .protocolError(position: streamOffset + start + index, reason: "\(describe(byte)) in a number")
            }
            // Negative numbers are summed downwards, so the most negative, -2^63, fits too.
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else {
                throw .protocolError(position: streamOffset + start + index, reason: "a number beyond 64 bits")
            }
            value = sum
        }
        return value
    }

    /// `0x41 ('A')`, or `0x0A` for a byte that is not printable.
    private static func describe(_ byte: UInt8) -> String {
        let hex = "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        return (32..<127).contains(byte) ? "\(hex) ('\(Character(Unicode.Scalar(byte)))')" : hex
    }
}
