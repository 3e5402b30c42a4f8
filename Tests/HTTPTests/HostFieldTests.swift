import TestSupport
import Testing

/// An HTTP/1.1 request without `Host`, any request with more than one `Host` line, and a `Host`
/// that is not a host and port are refused with 400 (RFC 9112 §3.2).
@Suite(.onOwnThread) struct HostFieldTests {
    @Test func anHTTP11RequestWithoutHostIs400() {
        let incoming = readRequest("GET /v1/public/characters HTTP/1.1\r\nAccept: */*\r\n\r\n")
        #expect(incoming.status == 400)
        #expect(incoming.reason == "An HTTP/1.1 request must have a Host field.")
    }

    @Test func anHTTP10RequestMayLeaveHostOut() {
        #expect(readRequest("GET /v1/public/characters HTTP/1.0\r\n\r\n").status == 200)
    }

    @Test(arguments: [
        "Host: a\r\nHost: a\r\n", "Host: a\r\nhost: b\r\n", "HOST: a\r\nX: 1\r\nHost: a\r\n", "Host: a\r\nHost:\r\n",
    ])
    func moreThanOneHostLineIs400(fields: String) {
        for version in ["HTTP/1.1", "HTTP/1.0"] {
            let incoming = readRequest("GET / \(version)\r\n\(fields)\r\n")
            #expect(incoming.status == 400, "\(version)")
            #expect(incoming.reason == "The request has 2 Host fields; it must have one.", "\(version)")
        }
    }

    @Test(arguments: ["a b", "a/b", "user@host", "host:8o", "[::1", "[]", "[::1]x", "h\u{E9}te", "%4"])
    func aHostThatIsNotAHostAndPortIs400(value: String) {
        #expect(readRequest("GET / HTTP/1.1\r\nHost: \(value)\r\n\r\n").status == 400)
    }

    @Test(arguments: ["127.0.0.1:8080", "example.com", "EXAMPLE.com:", "[::1]:8080", "[v1.x]", "xn--d1acufc.xn--p1ai", "a%20b", ""])
    func aHostAndPortIsAccepted(value: String) {
        #expect(readRequest("GET / HTTP/1.1\r\nHost: \(value)\r\n\r\n").status == 200)
    }
}
