import Foundation
import HTTP
import TestSupport
import Testing

/// Both readers answer the same however the stream is cut into reads. A head (or chunk line) of
/// exactly the bound was refused when its blank line (or CRLF) was split across two reads
/// (found by fuzzing, the `http-response` target; the server's reader had the same check).
@Suite(.onOwnThread) struct SplitReadTests {
    private static let head = "GET /v1/public/characters HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: " + String(repeating: "a", count: 60)

    @Test func theServerReadsAHeadOfExactlyItsBoundWhereverTheReadsSplitIt() {
        let bytes = Array((Self.head + "\r\n\r\n").utf8)
        for split in 1..<bytes.count {
            let incoming = HTTPWire.readRequest(
                port: 8080, maxHeadBytes: Self.head.utf8.count, receive: reads(of: bytes, splitAt: split), sendContinue: {})
            guard case .request = incoming else {
                Issue.record("split at \(split): \(incoming)")
                return
            }
        }
    }

    @Test func theClientReadsAChunkLineOfExactlyItsBoundWhereverTheReadsSplitIt() throws {
        let size = "5;" + String(repeating: "x", count: 1022)
        let bytes = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nhello\r\n0\r\n\r\n".utf8)
        for split in 1..<bytes.count {
            let receive = reads(of: bytes, splitAt: split)
            var reader = PlainHTTPReader(
                url: URL(string: "http://127.0.0.1/")!, idleTimeout: .seconds(1), isCancelled: { false },
                receive: { buffer, _ in receive(&buffer) })
            let response = try reader.response(to: "GET", maxHeadBytes: 1024, maxBodyBytes: 1024)
            #expect(response.body == Data("hello".utf8), "split at \(split)")
        }
    }
}
