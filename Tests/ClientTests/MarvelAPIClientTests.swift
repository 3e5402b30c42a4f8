import Client
import Foundation
import HTTPTypes
import HTTPTypesTesting
import Testing

@Suite struct MarvelAPIClientTests {
    struct Item: Decodable, Sendable, Equatable {
        let id: Int
    }

    let url = URL(string: "https://example.com/v1/public/characters/1")!

    private func get(_ response: HTTPResponse) async throws -> MarvelDataWrapper<Item> {
        let stub = HTTPClientStub(responses: [response])
        return try await MarvelAPIClient(http: stub, baseURL: URL(string: "https://example.com")!)
            .get(.character(id: 1), as: Item.self)
    }

    @Test func decodesTheEnvelope() async throws {
        let wrapper = try await get(
            .json(#"{"code":200,"status":"Ok","etag":"e","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":1}]}}"#))
        #expect(wrapper.data.results == [Item(id: 1)])
        #expect(wrapper.data.total == 1)
        #expect(wrapper.etag == "e")
    }

    @Test func decodesMarvelsNumericErrorShape() async throws {
        let error = try await #require(throws: ClientError.self) {
            try await get(.json(#"{"code":409,"status":"You may not request more than 100 items."}"#, status: 409))
        }
        #expect(error == .api(status: 409, code: "409", message: "You may not request more than 100 items.", url: url))
    }

    @Test func decodesMarvelsTextErrorShape() async throws {
        let error = try await #require(throws: ClientError.self) {
            try await get(.json(#"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#, status: 401))
        }
        #expect(error == .api(status: 401, code: "InvalidCredentials", message: "The passed API key is invalid.", url: url))
    }

    @Test func errorStatusWithAnHTMLBodySaysSo() async throws {
        let error = try await #require(throws: ClientError.self) {
            try await get(HTTPResponse(statusCode: 502, body: Data("<html>Bad Gateway</html>".utf8)))
        }
        #expect(error == .api(status: 502, code: "", message: "the body is not JSON: <html>Bad Gateway</html>", url: url))
    }

    @Test func errorStatusWithOtherJSONNamesWhatIsMissing() async throws {
        let error = try await #require(throws: ClientError.self) { try await get(.json(#"{"error":"nope"}"#, status: 400)) }
        #expect(error == .api(status: 400, code: "", message: "the body is not a Marvel error: missing key 'code'", url: url))
    }

    @Test func errorStatusWithAnEmptyBodySaysSo() async throws {
        let error = try await #require(throws: ClientError.self) { try await get(HTTPResponse(statusCode: 503)) }
        #expect(error == .api(status: 503, code: "", message: "the server sent no body", url: url))
    }

    @Test func longBodiesAreCutInMessages() async throws {
        let body = String(repeating: "x", count: 500)
        let error = try await #require(throws: ClientError.self) {
            try await get(HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/plain"], body: Data(body.utf8)))
        }
        #expect(
            error
                == .malformedBody(
                    status: 200, reason: "the body is not JSON: (text/plain) " + String(repeating: "x", count: 80) + "…", url: url))
    }

    @Test func successWithAnEmptyBodyIsMalformed() async throws {
        let error = try await #require(throws: ClientError.self) { try await get(HTTPResponse(statusCode: 200)) }
        #expect(error == .malformedBody(status: 200, reason: "the body is empty", url: url))
    }

    @Test func successWithTheWrongShapeNamesTheMissingField() async throws {
        let error = try await #require(throws: ClientError.self) { try await get(.json(#"{"code":200}"#)) }
        #expect(error == .malformedBody(status: 200, reason: "missing key 'data'", url: url))
        #expect(
            error.description
                == "https://example.com/v1/public/characters/1 answered 200 with a body that is not the expected JSON: missing key 'data'")
    }

    @Test func messagesNeverShowTheSigningQuery() {
        let signed = URL(string: "https://example.com/v1/public/characters?ts=1&apikey=k&hash=h")!
        #expect(ClientError.timedOut(url: signed).description == "https://example.com/v1/public/characters did not answer in time")
    }

    @Test func stubAnswersInOrderAndRecordsRequests() async throws {
        let stub = HTTPClientStub([.success(HTTPResponse(statusCode: 500)), .success(HTTPResponse(statusCode: 200))])
        let request = HTTPRequest(url: url)
        #expect(try await stub.send(request).statusCode == 500)
        #expect(try await stub.send(request).statusCode == 200)
        await #expect(throws: HTTPClientStub.QueueExhausted.self) { try await stub.send(request) }
        #expect(stub.requests.count == 3)
    }
}
