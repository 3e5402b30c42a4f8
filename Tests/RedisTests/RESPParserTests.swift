import TestSupport
import Testing

@testable import Redis

/// RESP2 parsing of every reply type, byte by byte, and its errors with the offending position.
@Suite(.onOwnThread) struct RESPParserTests {
    private let parser = RESPParser(maxBulkLength: 1024)

    private func parse(_ text: String, streamOffset: Int = 0) throws(RedisError) -> (RedisReply, Int)? {
        try parse(Array(text.utf8), streamOffset: streamOffset)
    }

    private func parse(_ bytes: [UInt8], streamOffset: Int = 0) throws(RedisError) -> (RedisReply, Int)? {
        try bytes.withUnsafeBufferPointer { buffer throws(RedisError) in try parser.parse(buffer, at: 0, streamOffset: streamOffset) }
    }

    @Test(arguments: [
        ("+OK\r\n", RedisReply.simpleString("OK")),
        ("-ERR unknown command\r\n", .error("ERR unknown command")),
        (":0\r\n", .integer(0)),
        (":-42\r\n", .integer(-42)),
        (":9223372036854775807\r\n", .integer(.max)),
        // -2^63 is a 64-bit integer, not "beyond 64 bits" (a case the `resp` fuzz target found).
        (":-9223372036854775808\r\n", .integer(.min)),
        ("$5\r\nhello\r\n", .bulkString(Array("hello".utf8))),
        ("$0\r\n\r\n", .bulkString([])),
        ("$-1\r\n", .bulkString(nil)),
        ("*0\r\n", .array([])),
        ("*-1\r\n", .array(nil)),
        ("*3\r\n:1\r\n$-1\r\n*2\r\n+a\r\n*-1\r\n", .array([.integer(1), .bulkString(nil), .array([.simpleString("a"), .array(nil)])])),
    ])
    func parsesEveryReplyType(_ text: String, _ expected: RedisReply) throws {
        let (reply, end) = try #require(try parse(text))
        #expect(reply == expected)
        #expect(end == text.utf8.count)
    }

    @Test func bulkStringsAreBinarySafe() throws {
        let bytes: [UInt8] = Array("$4\r\n".utf8) + [0, 13, 10, 255] + [13, 10]
        let (reply, _) = try #require(try parse(bytes))
        #expect(reply == .bulkString([0, 13, 10, 255]))
    }

    @Test func everyPrefixOfAReplyIsIncomplete() throws {
        let text = Array("*2\r\n$3\r\nfoo\r\n:7\r\n".utf8)
        for length in 0..<text.count {
            #expect(try parse(Array(text[..<length])) == nil, "prefix of \(length) bytes")
        }
        #expect(try parse(text)?.1 == text.count)
    }

    @Test(arguments: [
        ("!oops\r\n", 0, "unexpected byte 0x21 ('!') where a reply starts"),
        (":12a\r\n", 3, "0x61 ('a') in a number"),
        (":\r\n", 1, "a number with no digits"),
        (":99999999999999999999\r\n", 19, "a number beyond 64 bits"),
        (":-9223372036854775809\r\n", 20, "a number beyond 64 bits"),
        ("+OK\rX", 4, "CR followed by 0x58 ('X'), not LF"),
        ("$-2\r\n", 1, "a bulk string length of -2"),
        ("$2000\r\n", 1, "a bulk string of 2000 bytes is over the limit of 1024"),
        ("$3\r\nfooX\r\n", 7, "the bulk string does not end with CRLF at its length"),
        ("$3\r\nfoo\rX", 8, "the bulk string does not end with CRLF at its length"),
        ("*-5\r\n", 1, "an array count of -5"),
        ("*2\r\n:1\r\n?\r\n", 8, "unexpected byte 0x3F ('?') where a reply starts"),
    ])
    func malformedBytesNameTheirPosition(_ text: String, _ position: Int, _ reason: String) {
        #expect(throws: RedisError.protocolError(position: 100 + position, reason: reason)) { try parse(text, streamOffset: 100) }
    }

    @Test func oversizedArraysLongLinesAndDeepNestingAreRefused() {
        var small = parser
        small.maxArrayCount = 10
        small.maxLineLength = 8
        small.maxDepth = 2
        func parse(_ text: String) throws(RedisError) -> (RedisReply, Int)? {
            try Array(text.utf8).withUnsafeBufferPointer { buffer throws(RedisError) in try small.parse(buffer, at: 0, streamOffset: 0) }
        }
        #expect(throws: RedisError.protocolError(position: 1, reason: "an array of 11 elements is over the limit of 10")) {
            try parse("*11\r\n")
        }
        #expect(throws: RedisError.protocolError(position: 9, reason: "a line longer than 8 bytes")) { try parse("+123456789") }
        #expect(throws: RedisError.protocolError(position: 8, reason: "arrays nested deeper than 2")) {
            try parse("*1\r\n*1\r\n*1\r\n:1\r\n")
        }
    }

    @Test func aValueOverTheCallersLimitIsRefusedFromItsLength() throws {
        var bounded = parser
        bounded.maxValueLength = 10
        func parse(_ text: String) throws(RedisError) -> (RedisReply, Int)? {
            try Array(text.utf8).withUnsafeBufferPointer { buffer throws(RedisError) in try bounded.parse(buffer, at: 0, streamOffset: 0) }
        }
        #expect(throws: RedisError.valueTooLarge(bytes: 11, limit: 10)) { try parse("$11\r\n") }
        #expect(throws: RedisError.protocolError(position: 1, reason: "a bulk string of 2000 bytes is over the limit of 1024")) {
            try parse("$2000\r\n")
        }
        #expect(try parse("$10\r\n0123456789\r\n")?.0 == .bulkString(Array("0123456789".utf8)))
        #expect(RedisError.valueTooLarge(bytes: 11, limit: 10).isConnectionFailure == false)
    }

    @Test func encodesCommandsAsArraysOfBulkStrings() {
        var buffer: [UInt8] = []
        RedisCommand("SET", arguments: [Array("k".utf8), [0, 13, 10]]).encode(into: &buffer)
        #expect(buffer == Array("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$3\r\n".utf8) + [0, 13, 10] + Array("\r\n".utf8))
        #expect(RedisCommand("PING").words == [Array("PING".utf8)])
    }

    @Test func repliesDescribeThemselves() {
        #expect(RedisReply.bulkString(nil).description == "null bulk string")
        #expect(RedisReply.array([.integer(1)]).description == "array of 1 elements")
        #expect(RedisReply.integer(3).description == "integer 3")
        #expect(RedisReply.array(nil).description == "null array")
        #expect(RedisReply.bulkString([1, 2]).description == "bulk string of 2 bytes")
        #expect(RedisReply.simpleString("OK").description == "simple string 'OK'")
        #expect(RedisReply.error("ERR x").description == "error 'ERR x'")
    }
}
