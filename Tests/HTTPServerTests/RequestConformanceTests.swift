import Foundation
import HTTPServer
import HTTPServerTesting
import HTTPTypes
import TestSupport
import Testing

/// What the server makes of requests HTTP/1.1 allows but clients rarely send, and of those it
/// forbids, over real sockets: absolute-form targets, `Host`, bare line ends, `HEAD`.
@Suite(.onOwnThread) struct RequestConformanceTests {
    @Test func anAbsoluteFormTargetReachesTheHandlerAsItsPathAndQuery() async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 204))
        let raw = try await LoopbackHTTPServer.serving(stub.handle) { server in
            try await RawConnection.exchange(
                port: server.port, "GET http://127.0.0.1:\(server.port)/v1/public/characters?limit=5 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        #expect(raw.hasPrefix("HTTP/1.1 204 No Content\r\n"))
        let seen = try #require(stub.requests.first)
        #expect(seen.url.path == "/v1/public/characters")
        #expect(seen.url.query == "limit=5")
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n",
    ])
    func aMissingOrRepeatedHostIs400WithoutReachingTheHandler(request: String) async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 200))
        let raw = try await LoopbackHTTPServer.serving(stub.handle) { server in
            try await RawConnection.exchange(port: server.port, request)
        }
        #expect(raw.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(raw.contains("Host"))
        #expect(stub.requests.isEmpty)
    }

    @Test func aBareLFRequestFromAClientStillWaitingIsAnswered400AtOnce() async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 200))
        let (raw, after) = try await LoopbackHTTPServer.serving(requestTimeout: .seconds(5), stub.handle) { server in
            try await RawConnection.trickle(port: server.port, "GET / HTTP/1.1\nHost: x\n\n", every: .milliseconds(1))
        }
        #expect(raw.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(raw.prefix(80))")
        #expect(after < .seconds(3), "answered after \(after)")
        #expect(stub.requests.isEmpty)
    }

    @Test func headGetsTheLengthOfTheBodyItWouldHaveHadAndNoBody() async throws {
        let handler: LoopbackHTTPServer.Handler = { request in
            request.url.path == "/told"
                ? HTTPResponse(statusCode: 200, headers: ["Content-Length": "42"])
                : HTTPResponse(statusCode: 200, body: Data("fifteen bytes!!".utf8))
        }
        let (body, told) = try await LoopbackHTTPServer.serving(handler) { server in
            (
                try await RawConnection.exchange(port: server.port, "HEAD /body HTTP/1.1\r\nHost: x\r\n\r\n"),
                try await RawConnection.exchange(port: server.port, "HEAD /told HTTP/1.1\r\nHost: x\r\n\r\n")
            )
        }
        #expect(body.contains("\r\nContent-Length: 15\r\n") && body.hasSuffix("\r\n\r\n"), "\(body)")
        #expect(told.contains("\r\nContent-Length: 42\r\n") && told.hasSuffix("\r\n\r\n"), "\(told)")
    }
}
