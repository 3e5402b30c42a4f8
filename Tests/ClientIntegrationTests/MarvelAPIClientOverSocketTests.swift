import Client
import Foundation
import HTTP
import HTTPServer
import HTTPServerTesting
import HTTPTesting
import HTTPTypes
import HTTPTypesTesting
import TestSupport
import Testing

/// The whole client over a real socket: `MarvelAPIClient` on `URLSessionHTTPClient` against a
/// loopback server playing the Marvel API: signing, paging, every error path, retries, ETags.
@Suite(.onOwnThread) struct MarvelAPIClientOverSocketTests {
    struct Item: Decodable, Sendable, Equatable {
        let id: Int
    }

    static let keys = MarvelAuthorization(publicKey: "public-key", privateKey: "private-key")

    private func client(_ server: LoopbackHTTPServer, http: (any HTTPClient)? = nil, timeout: TimeInterval = 30) -> MarvelAPIClient {
        MarvelAPIClient(
            http: http ?? URLSessionHTTPClient(timeout: timeout), baseURL: server.baseURL,
            authorization: Self.keys, timestamp: { "1700000000" })
    }

    private func error(_ response: HTTPResponse) async throws -> ClientError? {
        try await LoopbackHTTPServer.serving({ _ in response }) { server in
            await #expect(throws: ClientError.self) { try await client(server).get(.character(id: 1), as: Item.self) }
        }
    }

    /// A Marvel API of `total` items with ids 1…total that checks every request's signature.
    static func signedCatalogue(total: Int) -> LoopbackHTTPServer.Handler {
        { request in
            let query = Dictionary(
                (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
            ) { $1 }
            guard let ts = query["ts"], query["apikey"] == "public-key",
                query["hash"] == MD5.hex(ts + "private-key" + "public-key")
            else {
                return .json(#"{"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid"}"#, status: 401)
            }
            let offset = Int(query["offset"] ?? "0") ?? 0
            let limit = Int(query["limit"] ?? "20") ?? 20
            let ids = Array((1...total).dropFirst(offset).prefix(limit))
            let results = ids.map { #"{"id":\#($0)}"# }.joined(separator: ",")
            return .json(
                #"{"code":200,"status":"Ok","data":{"offset":\#(offset),"limit":\#(limit),"total":\#(total),"count":\#(ids.count),"results":[\#(results)]}}"#
            )
        }
    }

    @Test func signedRequestsArePagedThroughTheWholeSet() async throws {
        let ids = try await LoopbackHTTPServer.serving(Self.signedCatalogue(total: 45)) { server in
            let api = client(server)
            var ids: [Int] = []
            var offset = 0
            for _ in 0..<10 {
                let page = try await api.get(.characters(offset: offset, limit: 20), as: Item.self).data
                ids += page.results.map(\.id)
                offset += page.count
                if offset >= page.total || page.count == 0 { break }
            }
            return ids
        }
        #expect(ids == Array(1...45))
    }

    @Test func wrongKeysAreInvalidCredentials() async throws {
        let error = try await LoopbackHTTPServer.serving(Self.signedCatalogue(total: 1)) { server in
            let api = MarvelAPIClient(
                http: URLSessionHTTPClient(timeout: 30), baseURL: server.baseURL,
                authorization: MarvelAuthorization(publicKey: "public-key", privateKey: "wrong"))
            return await #expect(throws: ClientError.self) { try await api.get(.characters(offset: 0, limit: 1), as: Item.self) }
        }
        #expect(error?.kind == .invalidCredentials)
        #expect(error?.description.contains("(InvalidCredentials): That hash, timestamp and key combination is invalid") == true)
        #expect(error?.description.contains("hash=") == false)
    }

    @Test(arguments: [
        (#"{"code":404,"status":"We couldn't find that character"}"#, 404, "404", ClientError.Kind.notFound),
        (#"{"code":409,"status":"You may not request more than 100 items."}"#, 409, "409", .invalidParameter),
        (#"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#, 401, "InvalidCredentials", .invalidCredentials),
        (
            #"{"code":"RequestThrottled","message":"You have exceeded your rate limit.  Please try again later."}"#, 429,
            "RequestThrottled", .rateLimited
        ),
        (#"{"code":500,"status":"Internal Server Error"}"#, 500, "500", .server),
    ])
    func marvelErrorBodiesAreTypedErrors(body: String, status: Int, code: String, kind: ClientError.Kind) async throws {
        let error = try await error(.json(body, status: status))
        #expect(error?.status == status)
        #expect(error?.kind == kind)
        guard case .api(_, let seenCode, let message, let url) = error else {
            Issue.record("expected an api error, got \(String(describing: error))")
            return
        }
        #expect(seenCode == code)
        #expect(!message.isEmpty)
        #expect(url.path == "/v1/public/characters/1")
    }

    @Test func anHTMLErrorPageSaysItIsNotJSON() async throws {
        let page = HTTPResponse(
            statusCode: 502, headers: ["Content-Type": "text/html"], body: Data("<html><body>Bad Gateway</body></html>".utf8))
        let error = try await error(page)
        #expect(error?.kind == .server)
        #expect(
            error?.description.hasSuffix("answered 502: the body is not JSON: (text/html) <html><body>Bad Gateway</body></html>")
                == true)
    }

    @Test func anEmptyErrorBodySaysSo() async throws {
        let error = try await error(HTTPResponse(statusCode: 503))
        #expect(error?.kind == .server)
        #expect(error?.description.hasSuffix("answered 503: the server sent no body") == true)
    }

    @Test func aSuccessThatIsNotJSONIsMalformedAndNamesTheURL() async throws {
        let error = try await error(HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/plain"], body: Data("pong".utf8)))
        guard case .malformedBody(200, let reason, let url) = error else {
            Issue.record("expected malformedBody, got \(String(describing: error))")
            return
        }
        #expect(reason == "the body is not JSON: (text/plain) pong")
        #expect(url.host == "127.0.0.1")
        #expect(error?.description.hasPrefix("http://127.0.0.1:") == true)
    }

    @Test func anEmptySuccessIsMalformed() async throws {
        let error = try await error(HTTPResponse(statusCode: 200))
        guard case .malformedBody(200, "the body is empty", _) = error else {
            Issue.record("expected malformedBody, got \(String(describing: error))")
            return
        }
    }

    @Test func aSlowServerTimesOut() async throws {
        let gate = Gate()
        let error = try await LoopbackHTTPServer.serving({ _ in
            await gate.wait()
            return HTTPResponse(statusCode: 200)
        }) { server in
            defer { gate.open() }
            return await #expect(throws: ClientError.self) {
                try await client(server, timeout: 0.3).get(.character(id: 1), as: Item.self)
            }
        }
        guard case .timedOut(let url) = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(url.path == "/v1/public/characters/1")
        #expect(error?.description.hasSuffix("/v1/public/characters/1 did not answer in time") == true)
    }

    @Test func aServerThatIsNotThereIsATransportError() async throws {
        let nowhere = try RefusingPort()
        let api = MarvelAPIClient(http: URLSessionHTTPClient(timeout: 30), baseURL: nowhere.baseURL, authorization: Self.keys)
        let error = await #expect(throws: ClientError.self) { try await api.get(.character(id: 1), as: Item.self) }
        guard case .transport(let url, let reason) = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(url.port == Int(nowhere.port))
        #expect(!reason.isEmpty)
    }

    @Test func retriesOutlastAServerThatFailsTheFirstCalls() async throws {
        let failures = HTTPHandlerStub(
            [HTTPResponse(statusCode: 503), .json(#"{"code":"RequestThrottled","message":"slow down"}"#, status: 429)],
            then: Self.signedCatalogue(total: 3))
        let sleeper = SleepSpy()
        let page = try await LoopbackHTTPServer.serving(failures.handle) { server in
            let retrying = RetryingHTTPClient(
                URLSessionHTTPClient(timeout: 30), policy: RetryPolicy(maxRetries: 3), sleep: sleeper.sleep, random: { 0 })
            return try await client(server, http: retrying).get(.characters(offset: 0, limit: 20), as: Item.self)
        }
        #expect(page.data.results.map(\.id) == [1, 2, 3])
        #expect(failures.requests.count == 3)
        #expect(sleeper.waits == [.milliseconds(500), .seconds(1)])
    }

    @Test func retriesGiveUpAfterTheLimitWithTheLastAnswer() async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 500, headers: ["Retry-After": "2"]))
        let sleeper = SleepSpy()
        let error = try await LoopbackHTTPServer.serving(stub.handle) { server in
            let retrying = RetryingHTTPClient(
                URLSessionHTTPClient(timeout: 30), policy: RetryPolicy(maxRetries: 2), sleep: sleeper.sleep, random: { 0 })
            return await #expect(throws: ClientError.self) {
                try await client(server, http: retrying).get(.character(id: 1), as: Item.self)
            }
        }
        #expect(error?.kind == .server)
        #expect(stub.requests.count == 3)
        #expect(sleeper.waits == [.seconds(2), .seconds(2)])
    }

    @Test func notFoundIsNeverRetried() async throws {
        let stub = HTTPHandlerStub(then: .json(#"{"code":404,"status":"We couldn't find that character"}"#, status: 404))
        let sleeper = SleepSpy()
        let error = try await LoopbackHTTPServer.serving(stub.handle) { server in
            let retrying = RetryingHTTPClient(URLSessionHTTPClient(timeout: 30), sleep: sleeper.sleep)
            return await #expect(throws: ClientError.self) {
                try await client(server, http: retrying).get(.character(id: 1), as: Item.self)
            }
        }
        #expect(error?.kind == .notFound)
        #expect(stub.requests.count == 1)
        #expect(sleeper.waits.isEmpty)
    }

    @Test func conditionalRequestsAreAnsweredFromTheLastGoodBody() async throws {
        let body = #"{"code":200,"etag":"v1","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":7}]}}"#
        let stub = HTTPHandlerStub(
            [.json(body), HTTPResponse(statusCode: 304, headers: ["ETag": "v1"])],
            then: HTTPResponse(statusCode: 500))
        let results = try await LoopbackHTTPServer.serving(stub.handle) { server in
            let api = MarvelAPIClient(
                http: ETagHTTPClient(URLSessionHTTPClient(timeout: 30)), baseURL: server.baseURL, authorization: Self.keys)
            let first = try await api.get(.character(id: 7), as: Item.self)
            let second = try await api.get(.character(id: 7), as: Item.self)
            return [first.data.results, second.data.results]
        }
        #expect(results == [[Item(id: 7)], [Item(id: 7)]])
        #expect(stub.requests.map { $0.header("If-None-Match") } == [nil, "v1"])
        #expect(stub.requests.map { $0.url.query?.contains("ts=") } == [true, true])
    }
}
