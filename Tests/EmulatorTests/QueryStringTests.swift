import Client
import DataProviders
import DataProvidersTesting
import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import MarvelDataProviders
import MarvelDataProvidersTesting
import Testing

/// Query strings are `application/x-www-form-urlencoded`, as the real API's servers read them:
/// `+` is a space, `%2B` a plus, a malformed escape a 409 naming the parameter; and names
/// holding what a query must escape go through the client and the emulator unchanged.
@Suite struct QueryStringTests {
    /// Names holding a plus, a space, `&`, `=`, `%`, `#`, `?`, `/` and non-ASCII text.
    static let awkwardNames = [
        "Iron+Man", "Cloak & Dagger", "X=Y", "100% Pure", "%41 Not An Escape", "#1 Fan", "Who? What/Why",
        "Se\u{F1}or \u{C9}pico", "\u{6F22}\u{5B57} \u{1F9B8}\u{200D}\u{2640}\u{FE0F}", "Plus + Space",
    ]

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

    @Test(arguments: awkwardNames)
    func aNameRoundTripsThroughTheClientAndTheEmulator(name: String) async throws {
        let characters = Self.awkwardNames.enumerated().map { Character.sample(id: 100 + $0.offset, name: $0.element) }
        let fixtures = try FixtureSet(
            documents: [(name: "awkward.json", json: MarvelFixture.wrapper(characters + [Character.sample(id: 1, name: "Iron Man")]))])
        let api = MarvelAPIClient(
            http: WireHTTPClient(emulator: MarvelAPIEmulator(fixtures: fixtures)), baseURL: URL(string: "http://127.0.0.1:8080")!)
        let provider = MarvelCharacterProvider(api: api)
        let exact = try await provider.characters(offset: 0, limit: 100, query: CharacterQuery(name: name))
        #expect(exact.results.map(\.name) == [name])
        let prefix = try await provider.characters(offset: 0, limit: 100, query: CharacterQuery(nameStartsWith: String(name.prefix(5))))
        #expect(prefix.results.map(\.name).contains(name))
        #expect(!prefix.results.map(\.name).contains { !$0.lowercased().hasPrefix(String(name.prefix(5)).lowercased()) })
    }
}
