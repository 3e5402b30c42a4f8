import Foundation
import HTTP
import HTTPServer
import HTTPServerTesting
import HTTPTesting
import HTTPTypes
import HTTPTypesTesting
import TestSupport
import Testing

/// The loopback server over real sockets: what reaches the handler, what reaches the client,
/// malformed requests, concurrency and stopping.
@Suite(.onOwnThread) struct LoopbackHTTPServerTests {
    let http = URLSessionHTTPClient(timeout: 30)

    @Test func listensOnAnEphemeralLoopbackPort() async throws {
        try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 204) }) { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test func forwardingAnswersWithTheClientsResponseAndA500WhenItThrows() async throws {
        let api = HTTPClientStub([.success(HTTPResponse(statusCode: 200, body: Data("emulated".utf8)))])
        try await LoopbackHTTPServer.serving(LoopbackHTTPServer.forwarding(to: api)) { server in
            let url = server.baseURL.appendingPathComponent("v1/public/characters")
            let first = try await http.send(HTTPRequest(url: url))
            #expect(first.statusCode == 200)
            #expect(String(decoding: first.body, as: UTF8.self) == "emulated")
            let second = try await http.send(HTTPRequest(url: url))
            #expect(second.statusCode == 500)
            #expect(String(decoding: second.body, as: UTF8.self).hasPrefix("HTTPClientStub has no result left for"))
        }
        #expect(api.requests.map(\.url.path) == ["/v1/public/characters", "/v1/public/characters"])
    }

    @Test func requestPartsReachTheHandler() async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 204))
        try await LoopbackHTTPServer.serving(stub.handle) { server in
            let url = server.baseURL.appendingPathComponent("v1/things")
            var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            components.percentEncodedQuery = "a=1&b=two%20words"
            let request = HTTPRequest(
                method: "POST", url: try #require(components.url), headers: ["X-Probe": "yes"], body: Data("hello".utf8))
            #expect(try await http.send(request).statusCode == 204)
        }
        let seen = try #require(stub.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.url.path == "/v1/things")
        #expect(seen.url.query == "a=1&b=two%20words")
        #expect(seen.header("x-probe") == "yes")
        #expect(seen.body == Data("hello".utf8))
    }

    @Test func responsePartsReachTheClient() async throws {
        let answer = HTTPResponse(statusCode: 418, headers: ["X-Answer": "42"], body: Data("short and stout".utf8))
        let response = try await LoopbackHTTPServer.serving({ _ in answer }) { server in
            try await http.send(HTTPRequest(url: server.baseURL.appendingPathComponent("teapot")))
        }
        #expect(response.statusCode == 418)
        #expect(response.header("x-answer") == "42")
        #expect(response.header("Content-Length") == "15")
        #expect(response.body == Data("short and stout".utf8))
    }

    @Test func notModifiedCarriesNoBody() async throws {
        let answer = HTTPResponse(statusCode: 304, headers: ["ETag": "\"v1\""], body: Data("ignored".utf8))
        let raw = try await LoopbackHTTPServer.serving({ _ in answer }) { server in
            try await RawConnection.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        #expect(raw.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(raw.contains("ETag: \"v1\"\r\n"))
        #expect(raw.hasSuffix("\r\n\r\n"))
    }

    @Test func servesConnectionsConcurrently() async throws {
        let arrivals = Arrivals(expected: 6)
        let statuses = try await LoopbackHTTPServer.serving({ _ in
            await arrivals.arriveAndWaitForAll()
            return HTTPResponse(statusCode: 200)
        }) { server in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await http.send(HTTPRequest(url: server.baseURL.appendingPathComponent("\(index)"))).statusCode
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: 6))
    }

    @Test(arguments: [
        ("NONSENSE\r\n\r\n", "400 Bad Request"),
        ("GET /\r\n\r\n", "400 Bad Request"),
        ("GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", "400 Bad Request"),
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: lots\r\n\r\n", "400 Bad Request"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nshort", "400 Bad Request"),
        ("GET / HTTP/1.1\r\nHost: x", "400 Bad Request"),
        ("GET / HTTP/1.1\r\n\r\n", "400 Bad Request"),
        ("GET / HTTP/1.1\nHost: x\n\n", "400 Bad Request"),
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", "505 HTTP Version Not Supported"),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "501 Not Implemented"),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", "413 Content Too Large"),
    ])
    func malformedRequestsAreRefusedWithoutReachingTheHandler(request: String, status: String) async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 200))
        let raw = try await LoopbackHTTPServer.serving(stub.handle) { server in
            try await RawConnection.exchange(port: server.port, request)
        }
        #expect(raw.hasPrefix("HTTP/1.1 \(status)\r\n"))
        #expect(raw.contains("Connection: close\r\n"))
        #expect(stub.requests.isEmpty)
    }

    @Test func oversizedHeadIsRefused() async throws {
        let request = "GET / HTTP/1.1\r\nHost: x\r\nX-Padding: " + String(repeating: "a", count: 70_000) + "\r\n\r\n"
        let raw = try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 200) }) { server in
            try await RawConnection.exchange(port: server.port, request)
        }
        #expect(raw.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
    }

    @Test func aServerStillRunsAfterAMalformedRequest() async throws {
        try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 200) }) { server in
            _ = try await RawConnection.exchange(port: server.port, "garbage\r\n\r\n")
            #expect(try await http.send(HTTPRequest(url: server.baseURL)).statusCode == 200)
        }
    }

    @Test func stopCancelsHandlersInFlightAndClosesThePort() async throws {
        let gate = Gate()
        let entered = Gate()
        let server = try LoopbackHTTPServer { _ in
            entered.open()
            await gate.wait()
            return HTTPResponse(statusCode: Task.isCancelled ? 503 : 200)
        }
        let url = server.baseURL
        let client = http
        let inFlight = Task { try await client.send(HTTPRequest(url: url)) }
        await entered.wait()
        await server.stop()
        await server.stop()
        await #expect(throws: HTTPError.self) { try await inFlight.value }
        let error = await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(url: url)) }
        guard case .transport = error else {
            Issue.record("expected a transport error after stop, got \(String(describing: error))")
            return
        }
    }

    @Test func aPortInUseIsAnErrorNamingIt() async throws {
        try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 200) }) { server in
            let error = #expect(throws: LoopbackServerError.self) {
                try LoopbackHTTPServer(port: server.port) { _ in HTTPResponse(statusCode: 200) }
            }
            #expect(error?.call == "bind")
            #expect(error?.description.hasPrefix("Cannot serve HTTP on 127.0.0.1:\(server.port): bind failed:") == true)
        }
    }
}

/// A barrier for handlers: each waits until `expected` have arrived, which only happens if the
/// server runs them at the same time.
actor Arrivals {
    private let expected: Int
    private var count = 0
    /// How many have arrived so far.
    var arrived: Int { count }
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) {
        self.expected = expected
    }

    func arriveAndWaitForAll() async {
        count += 1
        if count >= expected {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
