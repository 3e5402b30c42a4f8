import Foundation
import HTTP
import TestSupport
import Testing

/// The request target: in origin form, or in absolute form (`GET http://host/path?query
/// HTTP/1.1`), which RFC 9112 §3.2.2 says a server must accept, its path and query being the
/// request's; `target` keeps them as sent, where `url` must re-encode what a URL cannot hold.
@Suite(.onOwnThread) struct RequestTargetTests {
    @Test func theTargetKeepsThePathAndQueryAsSent() throws {
        let sent = "/v1/public/characters?name=%ZZ&nameStartsWith=Iron+Man%2B&x=%&y=\u{E9}|"
        let request = try #require(readRequest("GET \(sent) HTTP/1.1\r\nHost: x\r\n\r\n").request)
        #expect(request.target == sent)
        #expect(request.url.query(percentEncoded: true) == "name=%25ZZ&nameStartsWith=Iron+Man%2B&x=%25&y=%C3%A9%7C")
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/v1/public/characters?limit=5&name=Iron+Man", "/v1/public/characters", "limit=5&name=Iron+Man"),
        ("http://example.com/v1/public/characters/1011334", "/v1/public/characters/1011334", nil),
        ("HTTP://Example.COM:80", "/", nil),
        ("http://example.com?limit=5", "/", "limit=5"),
        ("https://[::1]:8443/a%20b?x=%2B", "/a%20b", "x=%2B"),
    ])
    func itsPathAndQueryAreTheRequests(target: String, path: String, query: String?) throws {
        let incoming = readRequest("GET \(target) HTTP/1.1\r\nHost: example.com\r\n\r\n")
        let request = try #require(incoming.request, "\(incoming)")
        #expect(request.url.host() == "127.0.0.1")
        #expect(request.url.port == 8080)
        #expect(request.url.path(percentEncoded: true) == path)
        #expect(request.url.query(percentEncoded: true) == query)
        #expect(request.target == path + (query.map { "?\($0)" } ?? ""))
    }

    @Test(arguments: [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]] as [[UInt8]])
    func aTargetHoldingBytesThatAreNotUTF8IsRefused(bytes: [UInt8]) {
        let head = Array("GET /v1/public/characters?name=".utf8) + bytes + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let incoming = readRequest(bytes: head)
        #expect(incoming.status == 400)
        #expect(incoming.reason == "The request line is not valid UTF-8.")
    }

    @Test(arguments: [
        "ftp://example.com/file", "http:///v1/public/characters", "http://user@example.com/", "http://exa mple.com/",
        "*", "example.com:80", "http:/v1/public/characters", "v1/public/characters",
    ])
    func otherTargetsAreRefused(target: String) {
        #expect(readRequest("GET \(target) HTTP/1.1\r\nHost: example.com\r\n\r\n").status == 400)
    }
}
