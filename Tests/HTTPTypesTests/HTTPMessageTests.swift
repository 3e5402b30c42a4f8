import Foundation
import HTTPTypes
import HTTPTypesTesting
import Testing

/// What every module that calls or answers HTTP relies on: headers found whatever their case,
/// messages that never print a query (where API keys travel), and which failures may pass.
@Suite struct HTTPMessageTests {
    private let url = URL(string: "https://gateway.marvel.com/v1/public/characters?apikey=secret&hash=abc")!

    @Test func headersAreFoundWhateverTheirCase() {
        let request = HTTPRequest(url: url, headers: ["If-None-Match": "\"v1\""])
        let response = HTTPResponse(statusCode: 304, headers: ["ETAG": "\"v1\""])
        #expect(request.header("if-none-match") == "\"v1\"")
        #expect(response.header("ETag") == "\"v1\"")
        #expect(response.header("Age") == nil)
    }

    @Test func aFoundationRequestCarriesTheMethodHeadersAndBody() {
        let request = HTTPRequest(method: "POST", url: url, headers: ["X-Probe": "yes"], body: Data("hi".utf8)).urlRequest
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "X-Probe") == "yes")
        #expect(request.httpBody == Data("hi".utf8))
    }

    @Test(arguments: [
        HTTPError.transport(url: URL(string: "https://h/p?apikey=secret")!, reason: "refused"),
        .timedOut(url: URL(string: "https://h/p?apikey=secret")!),
        .responseTooLarge(url: URL(string: "https://h/p?apikey=secret")!, limit: 8),
        .malformedResponse(status: 200, reason: "not JSON", url: URL(string: "https://h/p?apikey=secret")!),
    ])
    func anErrorNamesTheURLWithoutItsQuery(_ error: HTTPError) {
        #expect(error.description.contains("https://h/p"))
        #expect(!error.description.contains("secret"))
    }

    @Test func onlyTransportFailuresAndTimeOutsMayPassOnARetry() {
        #expect(HTTPError.transport(url: url, reason: "reset").isTransient)
        #expect(HTTPError.timedOut(url: url).isTransient)
        #expect(!HTTPError.responseTooLarge(url: url, limit: 1).isTransient)
        #expect(!HTTPError.malformedResponse(status: 200, reason: "x", url: url).isTransient)
    }

    @Test func theStubAnswersInOrderRecordsEveryRequestAndThenRunsOut() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 200), HTTPResponse(statusCode: 404)])
        #expect(try await stub.send(HTTPRequest(url: url)).statusCode == 200)
        #expect(try await stub.send(HTTPRequest(url: url)).statusCode == 404)
        await #expect(throws: HTTPClientStub.QueueExhausted.self) { try await stub.send(HTTPRequest(url: url)) }
        #expect(stub.requests.count == 3)
    }
}
