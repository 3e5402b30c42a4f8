import Foundation
import HTTPServer
import HTTPServerTesting
import HTTPTesting
import HTTPTypes
import TestSupport
import Testing

/// Persistent connections: an HTTP/1.1 connection carries one request after another (and
/// pipelined ones, in order) until the client says `Connection: close`; HTTP/1.0 gets one.
@Suite(.onOwnThread) struct KeepAliveTests {
    /// Answers each request with its path, so the order of answers shows.
    static let echo: LoopbackHTTPServer.Handler = { request in
        HTTPResponse(statusCode: 200, body: Data(request.url.path.utf8))
    }

    static func get(_ path: String, _ extra: String = "", version: String = "HTTP/1.1") -> String {
        "GET \(path) \(version)\r\nHost: 127.0.0.1\r\n\(extra)\r\n"
    }

    @Test func oneConnectionCarriesRequestsUntilTheClientSaysClose() async throws {
        let (responses, closed) = try await LoopbackHTTPServer.serving(Self.echo) { server in
            try await onOwnThread {
                try RawConnection.conversation(
                    port: server.port, [Self.get("/a"), Self.get("/b"), Self.get("/c", "Connection: close\r\n")])
            }
        }
        #expect(responses.count == 3)
        for (response, path) in zip(responses, ["/a", "/b"]) {
            #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n") && response.hasSuffix("\r\n\r\n\(path)"), "'\(response)'")
            #expect(response.contains("\r\nConnection: keep-alive\r\n"))
        }
        #expect(responses.last?.contains("\r\nConnection: close\r\n") == true)
        #expect(responses.last?.hasSuffix("/c") == true)
        #expect(closed)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let raw = try await LoopbackHTTPServer.serving(Self.echo) { server in
            try await RawConnection.exchange(port: server.port, Self.get("/first") + Self.get("/second") + Self.get("/third"))
        }
        let bodies = raw.components(separatedBy: "HTTP/1.1 200 OK\r\n").dropFirst().map {
            $0.components(separatedBy: "\r\n\r\n").last ?? ""
        }
        #expect(bodies == ["/first", "/second", "/third"], "'\(raw)'")
    }

    @Test func anHTTP10RequestGetsOneAnswerAndAClosedConnection() async throws {
        let (responses, closed) = try await LoopbackHTTPServer.serving(Self.echo) { server in
            try await onOwnThread { try RawConnection.conversation(port: server.port, [Self.get("/a", version: "HTTP/1.0")]) }
        }
        #expect(responses.first?.contains("\r\nConnection: close\r\n") == true)
        #expect(closed)
    }

    @Test func aRefusedRequestEndsTheConnection() async throws {
        let (responses, closed) = try await LoopbackHTTPServer.serving(Self.echo) { server in
            try await onOwnThread { try RawConnection.conversation(port: server.port, ["GET / HTTP/1.1\r\n\r\n"]) }
        }
        #expect(responses.first?.hasPrefix("HTTP/1.1 400 Bad Request\r\n") == true)
        #expect(closed)
    }

    @Test func aKeptConnectionIsClosedByADrainingStop() async throws {
        let handled = Gate()
        let server = try LoopbackHTTPServer(requestTimeout: .seconds(3600)) { request in
            handled.open()
            return await Self.echo(request)
        }
        let port = server.port
        let conversation = Task {
            try await onOwnThread { try RawConnection.conversation(port: port, [Self.get("/a")]) }
        }
        // Answered before or after the stop comes, the connection must then be closed, not kept for an hour.
        await handled.wait()
        await server.stop(drainingWithin: .seconds(3600))
        let (responses, closed) = try await conversation.value
        #expect(responses.count == 1)
        #expect(closed)
    }
}
