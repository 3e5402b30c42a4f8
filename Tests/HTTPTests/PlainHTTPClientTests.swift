import Foundation
import HTTP
import HTTPTesting
import HTTPTypes
import TestSupport
import Testing

/// What only the plain-socket client promises: it never inflates, and it reads nothing it did
/// not bound. The shared behaviour is in `HTTPClientContractTests`.
@Suite(.onOwnThread) struct PlainHTTPClientTests {
    private let client = PlainHTTPClient(timeout: 2, maxResponseBytes: 1 << 20)

    private func error(from script: @escaping ScriptedHTTPServer.Respond) async throws -> HTTPError? {
        let server = try ScriptedHTTPServer(script)
        defer { server.stop() }
        return await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(url: server.baseURL)) }
    }

    @Test func aCompressedBodyThatWasNotAskedForIsRefusedUnread() async throws {
        let error = try await error { send in
            _ = send(Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\n\u{1F}\u{8B}\u{8}\u{0}".utf8))
        }
        guard case .malformedResponse(200, let reason, _)? = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(reason == "it is gzip-encoded, which was not asked for (Accept-Encoding: identity)")
    }

    @Test func aContentLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() async throws {
        let error = try await error { send in
            _ = send(Array("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n".utf8))
        }
        #expect(error.map { if case .responseTooLarge = $0 { true } else { false } } == true, "\(String(describing: error))")
    }

    @Test func aBodyToTheEndOfTheStreamIsBounded() async throws {
        let error = try await error { send in
            guard send(Array("HTTP/1.1 200 OK\r\n\r\n".utf8)) else { return }
            for _ in 0..<40 { guard send([UInt8](repeating: 65, count: 64 * 1024)) else { return } }
        }
        #expect(error.map { if case .responseTooLarge = $0 { true } else { false } } == true, "\(String(describing: error))")
    }

    /// A body that arrived in the same read as the head counts too, also when the server closes
    /// right after (a case the `http-response` fuzz target found).
    @Test func aBodyToTheEndOfTheStreamThatCameWithTheHeadIsBounded() async throws {
        let server = try ScriptedHTTPServer { send in _ = send(Array("HTTP/1.1 200 OK\r\n\r\n0123456789ABCDEF".utf8)) }
        defer { server.stop() }
        let error = await #expect(throws: HTTPError.self) {
            try await PlainHTTPClient(timeout: 2, maxResponseBytes: 10).send(HTTPRequest(url: server.baseURL))
        }
        #expect(error.map { if case .responseTooLarge = $0 { true } else { false } } == true, "\(String(describing: error))")
    }

    @Test func aChunkedBodyOverTheLimitIsRefused() async throws {
        let error = try await error { send in
            guard send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) else { return }
            for _ in 0..<40 {
                guard send(Array("10000\r\n".utf8) + [UInt8](repeating: 66, count: 65_536) + Array("\r\n".utf8)) else { return }
            }
        }
        #expect(error.map { if case .responseTooLarge = $0 { true } else { false } } == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "HTTP/2 200 OK\r\n\r\n", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
    ])
    func anAnswerThatIsNotHTTPIsATransportError(_ head: String) async throws {
        let error = try await error { send in _ = send(Array(head.utf8)) }
        guard case .transport(_, let reason)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the answer is not HTTP"))
    }

    @Test func aHeadThatNeverEndsIsBounded() async throws {
        let error = try await error { send in
            guard send(Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
            for _ in 0..<100 { guard send(Array("X-Filler: \(String(repeating: "x", count: 1000))\r\n".utf8)) else { return } }
        }
        #expect(
            error
                == .transport(url: error.map(Self.url) ?? URL(fileURLWithPath: "/"), reason: "the response head is larger than 65536 bytes")
        )
    }

    @Test func aBodyCutShortIsATransportError() async throws {
        let error = try await error { send in _ = send(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8)) }
        guard case .transport(_, let reason)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(reason == "the connection closed 3 bytes into a 10-byte body")
    }

    @Test func aTrickleIsCutOffAtTheIdleTimeOutOnlyWhenItStops() async throws {
        let server = try ScriptedHTTPServer { send in
            guard send(Array("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\n".utf8)) else { return }
            for byte in Array("abcdef".utf8) {
                usleep(300_000)
                guard send([byte]) else { return }
            }
        }
        defer { server.stop() }
        let response = try await PlainHTTPClient(timeout: 1).send(HTTPRequest(url: server.baseURL))
        #expect(String(decoding: response.body, as: UTF8.self) == "abcdef")
    }

    @Test func anHTTPSURLIsRefusedWithAReason() async throws {
        let url = try #require(URL(string: "https://127.0.0.1:1/"))
        await #expect(throws: HTTPError.transport(url: url, reason: "only http:// URLs can be sent over a plain socket")) {
            try await client.send(HTTPRequest(url: url))
        }
    }

    private static func url(of error: HTTPError) -> URL {
        switch error {
        case .malformedResponse(_, _, let url), .transport(let url, _), .timedOut(let url),
            .responseTooLarge(let url, _):
            url
        }
    }
}
