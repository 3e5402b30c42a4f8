import Redis

extension FuzzTarget {
    /// Bytes as a Redis server's reply stream; and a reply built from them, written as RESP.
    static let resp = FuzzTarget(
        name: "resp",
        checks: """
            RESPParser reads the input as a stream of replies, as RedisConnection does, with the default limits \
            and with small ones: it never reads past the buffer (each prefix is parsed from a buffer of its own \
            size), every reply ends inside it and within the limits, re-encoding a reply parses back to it, every \
            shorter prefix of a reply answers "read more", and an error names a position inside the stream; a \
            reply built from the input (any 64-bit integer, text without CR, binary bulk strings, nested arrays) \
            written as RESP parses back to itself.
            """
    ) { bytes throws(FuzzFailure) in
        let parser = RESPParser(maxBulkLength: 1 << 20)
        var small = RESPParser(maxBulkLength: 16, maxValueLength: 8)
        small.maxArrayCount = 4
        small.maxLineLength = 12
        small.maxDepth = 3
        for parser in [parser, small] {
            try checkStream(Array(bytes.bindMemory(to: UInt8.self)), parser: parser)
        }
        var input = FuzzInput(bytes)
        let built = input.redisReply(depth: 0)
        let encoded = built.respBytes
        let parsed = Result { () throws(RedisError) in try parseCopy(encoded[...], at: 0, parser: parser) }
        guard case .success(let (reply, end)?) = parsed, reply == built, end == encoded.count else {
            throw FuzzFailure(description: "\(built) written as RESP parsed as \(parsed)")
        }
    }
}

/// The position the fuzzed stream's first byte has, so positions are checked as stream positions.
private let streamOffset = 1_000

private func checkStream(_ stream: [UInt8], parser: RESPParser) throws(FuzzFailure) {
    var start = 0
    while true {
        let parsed: (RedisReply, Int)?
        do {
            parsed = try parseCopy(stream[...], at: start, parser: parser)
        } catch {
            switch error {
            case .protocolError(let position, _):
                try require(
                    (streamOffset + start...streamOffset + stream.count).contains(position),
                    "an error at stream position \(position), outside \(streamOffset + start)…\(streamOffset + stream.count)")
            case .valueTooLarge(let bytes, let limit):
                try require(bytes > limit && limit == parser.maxValueLength, "a value of \(bytes) bytes refused with the limit \(limit)")
            default:
                throw FuzzFailure(description: "parse threw \(error)")
            }
            return
        }
        guard let (reply, end) = parsed else { return }
        try require(end > start && end <= stream.count, "a reply from \(start) ends at \(end), in a stream of \(stream.count)")
        try require(reply.fits(parser, depth: 0), "\(reply) is over the parser's limits")
        try checkPrefixes(stream[..<end], from: start, parser: parser)
        let encoded = reply.respBytes
        // A simple string's or error's text is read as UTF-8, a byte that is not as U+FFFD (three bytes).
        var relaxed = parser
        relaxed.maxLineLength = 3 * parser.maxLineLength
        let again = try? parseCopy(encoded[...], at: 0, parser: relaxed)
        try require(
            again.map { $0.0 == reply && $0.1 == encoded.count } == true, "\(reply) re-encoded does not parse back to itself")
        start = end
    }
}

/// Every prefix that cuts the reply from `start` short (all of them for short replies) answers nil.
private func checkPrefixes(_ stream: ArraySlice<UInt8>, from start: Int, parser: RESPParser) throws(FuzzFailure) {
    let length = stream.count - start
    let cuts = length <= 64 ? Array(0..<length) : (0..<16).map { $0 * length / 16 } + [length - 1]
    for cut in cuts {
        let answer = Result { () throws(RedisError) in try parseCopy(stream[..<(start + cut)], at: start, parser: parser) }
        guard case .success(nil) = answer else {
            throw FuzzFailure(description: "the first \(cut) of a \(length)-byte reply gave \(answer), not 'read more'")
        }
    }
}

/// Parses from a copy of `bytes` that has exactly their size, so a read past them is caught.
private func parseCopy(_ bytes: ArraySlice<UInt8>, at start: Int, parser: RESPParser) throws(RedisError) -> (RedisReply, Int)? {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    defer { copy.deallocate() }
    _ = copy.initialize(from: bytes)
    return try parser.parse(UnsafeBufferPointer(copy), at: start, streamOffset: streamOffset)
}

extension RedisReply {
    /// The reply in RESP2, as a server writes it (the RESP target's re-encoding, and the seeds').
    package var respBytes: [UInt8] {
        switch self {
        case .simpleString(let text): Array("+\(text)\r\n".utf8)
        case .error(let text): Array("-\(text)\r\n".utf8)
        case .integer(let value): Array(":\(value)\r\n".utf8)
        case .bulkString(nil): Array("$-1\r\n".utf8)
        case .bulkString(let bytes?): Array("$\(bytes.count)\r\n".utf8) + bytes + [13, 10]
        case .array(nil): Array("*-1\r\n".utf8)
        case .array(let elements?): Array("*\(elements.count)\r\n".utf8) + elements.flatMap(\.respBytes)
        }
    }

    /// Whether the reply keeps to `parser`'s limits, at nesting `depth`.
    func fits(_ parser: RESPParser, depth: Int) -> Bool {
        switch self {
        case .simpleString(let text), .error(let text): text.utf8.count <= 3 * parser.maxLineLength
        case .integer, .bulkString(nil), .array(nil): true
        case .bulkString(let bytes?): bytes.count <= min(parser.maxBulkLength, parser.maxValueLength ?? .max)
        case .array(let elements?):
            elements.count <= parser.maxArrayCount && depth < parser.maxDepth && elements.allSatisfy { $0.fits(parser, depth: depth + 1) }
        }
    }
}

extension FuzzInput {
    /// A reply as a server may send it: arrays at most three deep, texts without CR.
    mutating func redisReply(depth: Int) -> RedisReply {
        switch int(in: 0...(depth < 3 ? 7 : 5)) {
        case 0: return .simpleString(string(maxCount: 20, alphabet: "OK PONG\n\u{E9}").removingScalars(in: "\r"))
        case 1: return .error(string(maxCount: 30, alphabet: "ERR WRONGTYPE \u{E9}").removingScalars(in: "\r"))
        case 2: return .integer(Int64(bitPattern: uint64()))
        case 3: return .integer([Int64.min, Int64.max, -1, 0][int(in: 0...3)])
        case 4: return .bulkString(bytes(maxCount: 40))
        case 5: return bool() ? .bulkString(nil) : .array(nil)
        default: return .array((0..<int(in: 0...4)).map { _ in redisReply(depth: depth + 1) })
        }
    }
}
