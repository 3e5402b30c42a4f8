import Client
import DataProviders
import Foundation
import HTTP
import HTTPServer
import HTTPServerTesting
import HTTPTesting
import HTTPTypes
import MarvelDataProviders
import TestSupport
import Testing

/// `MarvelCharacterProvider` over `URLSessionHTTPClient` against servers that are not a Marvel
/// API: what reaches the provider's caller is one typed error naming the URL.
@Suite(.onOwnThread) struct MarvelProviderOverSocketTests {
    static let keys = MarvelAuthorization(publicKey: "excelsior-public", privateKey: "excelsior-private")

    @Test func aResponseThatIsNotJSONIsBadDataNamingTheURL() async throws {
        let html = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("<html>maintenance</html>".utf8))
        let (error, port) = try await LoopbackHTTPServer.serving({ _ in html }) { server in
            let api = MarvelAPIClient(http: URLSessionHTTPClient(timeout: 30), baseURL: server.baseURL, authorization: Self.keys)
            let error = await #expect(throws: ProviderError.self) {
                try await MarvelCharacterProvider(api: api).characters(offset: 0, limit: 5)
            }
            return (error, server.port)
        }
        #expect(
            error
                == .badData(
                    "http://127.0.0.1:\(port)/v1/public/characters answered 200 with a body that is not the expected JSON: the body is not JSON: (text/html) <html>maintenance</html>"
                ))
    }

    @Test func aServerThatIsNotThereIsUnavailable() async throws {
        let nowhere = try RefusingPort()
        let api = MarvelAPIClient(http: URLSessionHTTPClient(timeout: 30), baseURL: nowhere.baseURL)
        let error = await #expect(throws: ProviderError.self) { try await MarvelCharacterProvider(api: api).character(by: 1) }
        guard case .unavailable(let reason) = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("Could not reach http://127.0.0.1:\(nowhere.port)/v1/public/characters/1:"))
    }
}
