import Foundation
import HTTP
import HTTPTypes
import Testing

/// The behaviour every `HTTPClient` that talks to a real server must have, as one spec suite
/// run against loopback servers: the one given (the emulator's `LoopbackHTTPServer`, say), and
/// its own `ScriptedHTTPServer` and `RefusingPort`. `makeClient` is given the idle time-out and
/// the response size limit:
///
/// ```swift
/// @Test(arguments: HTTPClientContract.Spec.allCases)
/// func myClientMeetsTheContract(_ spec: HTTPClientContract.Spec) async throws {
///     try await HTTPClientContract.verify(spec, server: MyServer()) { MyHTTPClient(timeout: $0, maxResponseBytes: $1) }
/// }
/// ```
public enum HTTPClientContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case deliversStatusHeadersAndBody
        case errorStatusesAreAnswersNotErrors
        case sendsTheMethodPathQueryAndHeaders
        case notModifiedHasNoBody
        case decodesAChunkedBody
        case refusedConnectionIsATransportError
        case silenceIsATimeOut
        case aBodyOverTheLimitIsTooLarge
        case aBodyAtTheLimitArrivesWhole
        case cancellingTheCallEndsIt

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// A well-behaved HTTP server on 127.0.0.1, run for the length of `body`.
    public protocol Server: Sendable {
        /// Runs `body` with the base URL of a server answering with `handler`, then stops it.
        func serving<T>(
            _ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse, _ body: (URL) async throws -> T
        ) async throws -> T
    }

    /// Makes the client under test with an idle time-out in seconds and a body limit in bytes.
    public typealias MakeClient = @Sendable (_ timeout: TimeInterval, _ maxResponseBytes: Int) -> any HTTPClient

    /// Checks `spec` on clients made by `makeClient`.
    public static func verify(
        _ spec: Spec, server: some Server, sourceLocation: SourceLocation = #_sourceLocation, makeClient: @escaping MakeClient
    ) async throws {
        let client = makeClient(30, 100_000)
        switch spec {
        case .deliversStatusHeadersAndBody:
            let response = try await server.serving({ _ in
                HTTPResponse(statusCode: 201, headers: ["X-Excelsior": "yes"], body: Data("created".utf8))
            }) { try await client.send(HTTPRequest(url: $0.appendingPathComponent("thing"))) }
            #expect(response.statusCode == 201, sourceLocation: sourceLocation)
            #expect(response.header("x-excelsior") == "yes", sourceLocation: sourceLocation)
            #expect(response.body == Data("created".utf8), sourceLocation: sourceLocation)
        case .errorStatusesAreAnswersNotErrors:
            let response = try await server.serving({ _ in
                HTTPResponse(statusCode: 404, body: Data(#"{"code":404}"#.utf8))
            }) { try await client.send(HTTPRequest(url: $0)) }
            #expect(response.statusCode == 404, sourceLocation: sourceLocation)
            #expect(response.body == Data(#"{"code":404}"#.utf8), sourceLocation: sourceLocation)
        case .sendsTheMethodPathQueryAndHeaders:
            let seen = try await server.serving({ request in
                HTTPResponse(
                    statusCode: 200,
                    body: Data("\(request.method) \(request.url.path)?\(request.url.query ?? "") \(request.header("X-Token") ?? "")".utf8))
            }) { base in
                let url = try #require(URL(string: "\(base.absoluteString)/v1/public/characters?nameStartsWith=Spider%20Man&limit=5"))
                return try await client.send(HTTPRequest(url: url, headers: ["X-Token": "t1"]))
            }
            #expect(
                String(decoding: seen.body, as: UTF8.self) == "GET /v1/public/characters?nameStartsWith=Spider%20Man&limit=5 t1",
                sourceLocation: sourceLocation)
        case .notModifiedHasNoBody:
            let response = try await server.serving({ _ in HTTPResponse(statusCode: 304, headers: ["ETag": "\"v1\""]) }) {
                try await client.send(HTTPRequest(url: $0, headers: ["If-None-Match": "\"v1\""]))
            }
            #expect(response.statusCode == 304 && response.body.isEmpty, sourceLocation: sourceLocation)
        case .decodesAChunkedBody:
            let scripted = try ScriptedHTTPServer { send in
                _ = send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8))
                _ = send(Array("5\r\nhello\r\n7;note=x\r\n, world\r\n0\r\n\r\n".utf8))
            }
            defer { scripted.stop() }
            let response = try await client.send(HTTPRequest(url: scripted.baseURL))
            #expect(String(decoding: response.body, as: UTF8.self) == "hello, world", sourceLocation: sourceLocation)
        case .refusedConnectionIsATransportError:
            let nowhere = try RefusingPort()
            await #expect(sourceLocation: sourceLocation) {
                try await client.send(HTTPRequest(url: nowhere.baseURL))
            } throws: { error in
                guard case HTTPError.transport = error else { return false }
                return true
            }
        case .silenceIsATimeOut:
            let impatient = makeClient(1, 100_000)
            _ = try await server.serving({ _ in
                try? await Task.sleep(for: .seconds(60))
                return HTTPResponse(statusCode: 200)
            }) { url in
                await #expect(throws: HTTPError.timedOut(url: url), sourceLocation: sourceLocation) {
                    try await impatient.send(HTTPRequest(url: url))
                }
            }
        case .aBodyOverTheLimitIsTooLarge:
            _ = try await server.serving({ _ in HTTPResponse(statusCode: 200, body: Data(count: 100_001)) }) { url in
                await #expect(throws: HTTPError.responseTooLarge(url: url, limit: 100_000), sourceLocation: sourceLocation) {
                    try await client.send(HTTPRequest(url: url))
                }
            }
        case .aBodyAtTheLimitArrivesWhole:
            let response = try await server.serving({ _ in
                HTTPResponse(statusCode: 200, body: Data(repeating: 7, count: 100_000))
            }) {
                try await client.send(HTTPRequest(url: $0))
            }
            #expect(response.body == Data(repeating: 7, count: 100_000), sourceLocation: sourceLocation)
        case .cancellingTheCallEndsIt:
            try await server.serving({ _ in
                try? await Task.sleep(for: .seconds(60))
                return HTTPResponse(statusCode: 200)
            }) { url in
                let call = Task { try await client.send(HTTPRequest(url: url)) }
                try await Task.sleep(for: .milliseconds(200))
                call.cancel()
                await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try await call.value }
            }
        }
    }
}
