import Foundation
import HTTP
import HTTPTypes
import TestSupport
import Testing

/// A field sent under two spellings counts as both: of `Content-Length: 5` and
/// `content-length: 2`, a reader must not go by whichever a dictionary lists first, which differs
/// from one instance to the next (a case the `http-request` fuzz target found); both are joined,
/// and the joined length is refused.
@Suite(.onOwnThread) struct FieldSpellingTests {
    private static let fields = "Content-Length: 5\r\ncontent-length: 2\r\n\r\nhello"

    @Test func theServerRefusesTwoLengthsUnderTwoSpellingsEveryTime() {
        for _ in 0..<20 {
            let bytes = Array("POST /v1/public/characters HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.fields)".utf8)
            let incoming = HTTPWire.readRequest(port: 8080, receive: reads(of: bytes), sendContinue: {})
            guard case .rejected(400, let reason) = incoming else {
                Issue.record("\(incoming)")
                return
            }
            #expect(reason == "Content-Length '5, 2' is not a byte count.")
        }
    }

    @Test func theClientRefusesTwoLengthsUnderTwoSpellingsEveryTime() {
        for _ in 0..<20 {
            let receive = reads(of: Array("HTTP/1.1 200 OK\r\n\(Self.fields)".utf8))
            var reader = PlainHTTPReader(
                url: URL(string: "http://127.0.0.1/")!, idleTimeout: .seconds(1), isCancelled: { false },
                receive: { buffer, _ in receive(&buffer) })
            #expect(throws: HTTPError.self) { try reader.response(to: "GET", maxHeadBytes: 1024, maxBodyBytes: 1024) }
        }
    }
}
