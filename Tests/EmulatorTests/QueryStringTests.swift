import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import Testing

/// Query strings are `application/x-www-form-urlencoded`, as the real API's servers read them:
/// `+` is a space, `%2B` a plus, a malformed escape a 409 naming the parameter (ProviderIntegrationTests'
/// `AwkwardNameTests` send names holding what a query must escape through the client).
@Suite struct QueryStringTests {
    private let bundled: MarvelAPIEmulator

    init() throws {
        bundled = MarvelAPIEmulator(fixtures: try BundledFixtures.set())
    }

    private static func names(_ response: HTTPResponse) throws -> [String] {
        #expect(response.statusCode == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        return try #require(data["results"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    }

    private func raw(_ query: String) -> HTTPResponse {
        WireHTTPClient.answer(bundled, toRaw: "GET /v1/public/characters?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    }

    @Test(arguments: ["name=Iron+Man", "nameStartsWith=Iron+Man", "nameStartsWith=iron+m", "name=Iron%20Man"])
    func aPlusIsASpace(query: String) throws {
        #expect(try Self.names(raw(query)) == ["Iron Man"])
    }

    @Test func anEncodedPlusIsAPlus() throws {
        #expect(try Self.names(raw("name=Iron%2BMan")).isEmpty)
        #expect(try Self.names(raw("nameStartsWith=3%2BD")).isEmpty)
        #expect(try Self.names(raw("nameStartsWith=3-D")) == ["3-D Man"])
    }

    @Test(arguments: [
        "/v1/public%2Fcharacters", "/v1/public%2fcharacters?limit=1", "/v1/public/characters%2F1011334", "/v1%2Fpublic/characters",
    ])
    func anEncodedSlashInThePathNamesNoResource(target: String) throws {
        let response = WireHTTPClient.answer(bundled, toRaw: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(response.statusCode == 404)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(body["code"] as? String == "ResourceNotFound")
    }

    @Test func otherEscapesInThePathAreDecoded() throws {
        let response = WireHTTPClient.answer(bundled, toRaw: "GET /v1/public/%63haracters?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try Self.names(response).count == 1)
    }

    @Test(arguments: [
        ("name=%ZZ", "name"), ("nameStartsWith=Iron%", "nameStartsWith"), ("limit=%4", "limit"),
        ("limit=5&offset=%G0", "offset"), ("na%ZZme=1", "na%ZZme"), ("name=%E2%82", "name"),
    ])
    func aMalformedEscapeIs409NamingTheParameter(query: String, name: String) throws {
        let response = raw(query)
        #expect(response.statusCode == 409)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(body["code"] as? Int == 409)
        #expect(body["status"] as? String == "The parameter \(name) is not valid percent-encoded UTF-8.")
    }
}
