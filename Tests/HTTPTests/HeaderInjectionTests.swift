import Foundation
import HTTP
import HTTPTypes
import TestSupport
import Testing

/// "\r\n" is one Character in Swift, so filtering Characters equal to "\r" or "\n" out of a
/// header value let a CRLF through, and with it a header of the caller's (found by fuzzing,
/// the `http-request` and `http-response` targets). Both writers now drop the scalars.
@Suite(.onOwnThread) struct HeaderInjectionTests {
    @Test func theClientWritesNoLineBreakOfAHeaderValue() {
        let request = HTTPRequest(
            url: URL(string: "http://127.0.0.1:8080/v1/public/characters")!, headers: ["X-Note": "a\r\nX-Injected: 1", "X-\r\nName": "b"])
        let head = String(decoding: request.plainHTTPBytes(host: "127.0.0.1"), as: UTF8.self)
        #expect(head.contains("\r\nX-Note: aX-Injected: 1\r\n"))
        #expect(head.contains("\r\nX-Name: b\r\n"))
        #expect(!head.contains("\r\nX-Injected"))
    }

    @Test func theServerWritesNoLineBreakOfAHeaderValue() {
        let response = HTTPResponse(statusCode: 200, headers: ["X-Note": "a\r\nSet-Cookie: session=1"])
        let head = String(decoding: HTTPWire.bytes(of: response, forMethod: "GET"), as: UTF8.self)
        #expect(head.contains("\r\nX-Note: aSet-Cookie: session=1\r\n"))
        #expect(!head.contains("\r\nSet-Cookie"))
    }
}
