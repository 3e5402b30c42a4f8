import Foundation
import HTTP
import HTTPTypes
import HTTPTypesTesting
import TestSupport
import Testing

@Suite(.onOwnThread) struct ETagHTTPClientTests {
    private func request(_ query: String) -> HTTPRequest {
        HTTPRequest(url: URL(string: "https://example.com/v1/public/characters?" + query)!)
    }

    @Test func aRememberedETagIsSentAndA304IsAnsweredFromTheLastGoodBody() async throws {
        let good = HTTPResponse(statusCode: 200, headers: ["ETag": "\"abc\""], body: Data("first".utf8))
        let stub = HTTPClientStub(responses: [good, HTTPResponse(statusCode: 304, headers: ["ETag": "\"abc\""])])
        let client = ETagHTTPClient(stub)
        #expect(try await client.send(request("limit=5")) == good)
        #expect(try await client.send(request("limit=5")) == good)
        #expect(stub.requests.map { $0.header("If-None-Match") } == [nil, "\"abc\""])
    }

    @Test func signingParametersDoNotSplitTheCache() async throws {
        let good = HTTPResponse(statusCode: 200, headers: ["ETag": "e1"], body: Data("x".utf8))
        let stub = HTTPClientStub(responses: [good, HTTPResponse(statusCode: 304)])
        let client = ETagHTTPClient(stub)
        _ = try await client.send(request("limit=5&ts=1&apikey=k&hash=h1"))
        #expect(try await client.send(request("limit=5&ts=2&apikey=k&hash=h2")).body == Data("x".utf8))
        #expect(stub.requests.last?.header("If-None-Match") == "e1")
        #expect(stub.requests.last?.url.query == "limit=5&ts=2&apikey=k&hash=h2")
        #expect(client.count == 1)
    }

    @Test func differentQueriesAreDifferentEntries() async throws {
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 200, headers: ["ETag": "a"]), HTTPResponse(statusCode: 200, headers: ["ETag": "b"]),
        ])
        let client = ETagHTTPClient(stub)
        _ = try await client.send(request("offset=0"))
        _ = try await client.send(request("offset=20"))
        #expect(stub.requests.map { $0.header("If-None-Match") } == [nil, nil])
        #expect(client.count == 2)
    }

    @Test func marvelsBodyETagIsUsedWhenThereIsNoHeader() async throws {
        let good = HTTPResponse.json(#"{"code":200,"etag":"f0fbae65","data":{}}"#)
        let stub = HTTPClientStub(responses: [good, HTTPResponse(statusCode: 304)])
        let client = ETagHTTPClient(stub)
        _ = try await client.send(request("limit=1"))
        #expect(try await client.send(request("limit=1")) == good)
        #expect(stub.requests.last?.header("If-None-Match") == "f0fbae65")
    }

    @Test func errorsAndResponsesWithoutAnETagAreNotRemembered() async throws {
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 500, headers: ["ETag": "bad"]), HTTPResponse(statusCode: 200, body: Data("no tag".utf8)),
            HTTPResponse(statusCode: 200),
        ])
        let client = ETagHTTPClient(stub)
        for _ in 0..<3 { _ = try await client.send(request("q=1")) }
        #expect(stub.requests.count == 3)
        #expect(stub.requests.allSatisfy { $0.header("If-None-Match") == nil })
        #expect(client.count == 0)
    }

    @Test func a304WithNothingRememberedPassesThrough() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 304)])
        #expect(try await ETagHTTPClient(stub).send(request("q=1")).statusCode == 304)
    }

    @Test func callersOwnConditionalsAndOtherMethodsAreLeftAlone() async throws {
        let tagged = HTTPResponse(statusCode: 200, headers: ["ETag": "t"])
        let stub = HTTPClientStub(responses: [tagged, HTTPResponse(statusCode: 304), tagged, tagged])
        let client = ETagHTTPClient(stub)
        _ = try await client.send(request("q=1"))
        var own = request("q=1")
        own.headers["If-None-Match"] = "mine"
        #expect(try await client.send(own).statusCode == 304)
        var post = request("q=1")
        post.method = "POST"
        _ = try await client.send(post)
        _ = try await client.send(post)
        #expect(stub.requests.map { $0.header("If-None-Match") } == [nil, "mine", nil, nil])
    }

    @Test func theOldestEntryIsForgottenBeyondCapacity() async throws {
        let stub = HTTPClientStub(responses: (0..<4).map { HTTPResponse(statusCode: 200, headers: ["ETag": "e\($0)"]) })
        let client = ETagHTTPClient(stub, capacity: 2)
        for query in ["a=1", "b=1", "c=1", "a=1"] { _ = try await client.send(request(query)) }
        #expect(client.count == 2)
        #expect(stub.requests.last?.header("If-None-Match") == nil)
    }
}
