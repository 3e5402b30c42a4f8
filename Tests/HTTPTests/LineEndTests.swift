import Foundation
import HTTP
import TestSupport
import Testing

/// The head's lines end in CRLF. A bare LF or a bare CR in the head is refused with 400 as soon
/// as it arrives (RFC 9112 §2.2 lets a recipient take a bare LF as a line end; this server does
/// not), so a client that ends lines with LF alone is answered at once rather than left
/// waiting for a blank line that never comes. A body may hold either.
@Suite(.onOwnThread) struct LineEndTests {
    @Test(arguments: [
        "GET / HTTP/1.1\nHost: x\n\n", "GET / HTTP/1.1\r\nHost: x\n\n", "GET / HTTP/1.1\r\nHost: x\r\n\n",
        "GET / HTTP/1.1\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\nX-Note: y\r\n\r\n",
    ])
    func aBareLFIsRefusedAtOnce(request: String) {
        let incoming = readRequest(request, heldOpen: true)
        #expect(incoming.status == 400)
        #expect(incoming.reason == "A line of the request head ends in a bare LF; lines end in CRLF.")
    }

    @Test(arguments: [
        "GET / HTTP/1.1\rHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\n\r\n", "GET / HTTP/1.1\r\r\nHost: x\r\n\r\n",
    ])
    func aBareCRIsRefusedAtOnce(request: String) {
        let incoming = readRequest(request, heldOpen: true)
        #expect(incoming.status == 400)
        #expect(incoming.reason == "The request head holds a CR that does not end a line; lines end in CRLF.")
    }

    /// With a 32-byte bound a head is read to byte 34 before it is too large: a bare CR there is
    /// a 400, one byte later a 431, wherever the reads split the stream.
    @Test(arguments: [("A: 123456", 400), ("A: 1234567", 431)])
    func aBareCRIsJudgedAsFarAsTheBoundLetsTheHeadGo(field: String, status: Int) {
        let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\n\(field)\rx\r\n\r\n".utf8)
        for split in [nil] + Array(1..<bytes.count) {
            let incoming = HTTPWire.readRequest(port: 8080, maxHeadBytes: 32, receive: reads(of: bytes, splitAt: split), sendContinue: {})
            #expect(incoming.status == status, "split at \(split.map(String.init) ?? "none")")
        }
    }

    @Test func aBodyMayHoldBareLineEnds() {
        let request = readRequest("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\na\nb\rc\n", heldOpen: true).request
        #expect(request?.body == Data("a\nb\rc\n".utf8))
    }
}
