import Foundation
import HTTP
import TestSupport
import Testing

/// The client trims the blanks around a header value by Unicode scalars, as the server does: a
/// value starting with a combining mark kept the space after the colon, which is one Character
/// with the mark (found by fuzzing, the `http-response` target).
@Suite(.onOwnThread) struct HeaderValueTrimmingTests {
    @Test func aValueStartingWithACombiningMarkLosesTheBlankBeforeIt() throws {
        let receive = reads(of: Array("HTTP/1.1 204 No Content\r\nX-Note: \u{301}a \t\r\n\r\n".utf8))
        var reader = PlainHTTPReader(
            url: URL(string: "http://127.0.0.1/")!, idleTimeout: .seconds(1), isCancelled: { false },
            receive: { buffer, _ in receive(&buffer) })
        let response = try reader.response(to: "GET", maxHeadBytes: 1024, maxBodyBytes: 0)
        #expect(response.headers["X-Note"].map { Array($0.unicodeScalars) } == ["\u{301}", "a"])
    }
}
