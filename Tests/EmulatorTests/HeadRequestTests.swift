import Emulator
import EmulatorTesting
import Foundation
import HTTP
import HTTPTypes
import Testing

/// HEAD is answered as GET would be, without the body (RFC 9110 §9.3.2): the same status and
/// headers, a `Content-Length` of the GET's body; other methods get a 405 naming both.
@Suite struct HeadRequestTests {
    private let emulator: MarvelAPIEmulator

    init() throws {
        emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set())
    }

    private func answer(_ method: String, _ pathAndQuery: String, headers: [String: String] = [:]) -> HTTPResponse {
        emulator.respond(to: HTTPRequest(method: method, url: URL(string: "http://127.0.0.1" + pathAndQuery)!, headers: headers))
    }

    @Test(arguments: [
        "/v1/public/characters", "/v1/public/characters?limit=3&nameStartsWith=s", "/v1/public/characters/1011334",
        "/v1/public/characters/1", "/v1/public/characters?limit=0", "/v1/public/comics",
    ])
    func headAnswersAsGetWithoutTheBody(pathAndQuery: String) {
        let get = answer("GET", pathAndQuery)
        let head = answer("HEAD", pathAndQuery)
        #expect(head.statusCode == get.statusCode)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == "\(get.body.count)")
        #expect(head.headers.filter { $0.key != "Content-Length" } == get.headers)
    }

    @Test func theServerWritesTheGetsLengthAndNoBody() throws {
        let get = answer("GET", "/v1/public/characters/1011334")
        let written = String(
            decoding: HTTPWire.bytes(of: answer("HEAD", "/v1/public/characters/1011334"), forMethod: "HEAD"), as: UTF8.self)
        #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(written.contains("\r\nContent-Length: \(get.body.count)\r\n"))
        #expect(written.contains("\r\nETag: \(try #require(get.header("ETag")))\r\n"))
        #expect(written.hasSuffix("\r\n\r\n"))
        #expect(written.components(separatedBy: "Content-Length").count == 2)
    }

    @Test func headThroughTheServersReaderGetsTheHeadOnly() async throws {
        let get = try await WireHTTPClient(emulator: emulator).send(
            HTTPRequest(url: URL(string: "http://127.0.0.1:8080/v1/public/characters")!))
        let head = try await WireHTTPClient(emulator: emulator)
            .send(HTTPRequest(method: "HEAD", url: URL(string: "http://127.0.0.1:8080/v1/public/characters")!))
        #expect(head.statusCode == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == "\(get.body.count)")
        #expect(head.header("ETag") == get.header("ETag"))
    }

    @Test func aMatchingIfNoneMatchGivesHeadA304Too() throws {
        let etag = try #require(answer("GET", "/v1/public/characters/1011334").header("ETag"))
        let head = answer("HEAD", "/v1/public/characters/1011334", headers: ["If-None-Match": etag])
        #expect(head.statusCode == 304)
        #expect(head.body.isEmpty)
    }
}
