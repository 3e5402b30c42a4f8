import DataProviders
import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import Testing

/// The emulator's filters over the bundled set: `name`, `modifiedSince` and the work lists.
@Suite struct EmulatorQueryTests {
    let emulator: MarvelAPIEmulator

    init() throws {
        emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set())
    }

    private func page(_ pathAndQuery: String) throws -> (data: [String: Any], names: [String]) {
        let response = emulator.respond(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + pathAndQuery)!))
        #expect(response.statusCode == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        let results = try #require(data["results"] as? [[String: Any]])
        return (data, results.compactMap { $0["name"] as? String })
    }

    @Test func nameMatchesTheWholeNameIgnoringCase() throws {
        #expect(try page("/v1/public/characters?name=spider-man").names == ["Spider-Man"])
        #expect(try page("/v1/public/characters?name=Spider").names.isEmpty)
    }

    @Test func modifiedSinceTakesADateOrADateTimeAndCountsTheRest() throws {
        let set = try BundledFixtures.set()
        let since = try #require(MarvelDate.parse("2014-01-01T00:00:00Z"))
        let expected = set.records.filter { ($0.modified ?? .distantPast) >= since }.map(\.name)
        for value in ["2014-01-01", "2014-01-01T00:00:00Z", "2013-12-31T19:00:00-0500"] {
            let (data, names) = try page("/v1/public/characters?limit=100&modifiedSince=" + value)
            #expect(names == expected, "\(value)")
            #expect(data["total"] as? Int == expected.count)
        }
        #expect(!expected.isEmpty && expected.count < set.records.count)
    }

    @Test func workListsMatchACharacterListedWithAnyOfTheIds() throws {
        #expect(try page("/v1/public/characters?comics=10223").names == ["3-D Man"])
        #expect(try page("/v1/public/characters?comics=10223,999999999").names == ["3-D Man"])
        #expect(try page("/v1/public/characters?comics=10223&series=1945").names == ["3-D Man"])
        #expect(try page("/v1/public/characters?comics=10223&series=999999999").names.isEmpty)
        for kind in ["series", "events", "stories"] {
            let set = try BundledFixtures.set()
            let (id, holders) = try #require(Self.commonestWork(kind, in: set))
            let (data, names) = try page("/v1/public/characters?limit=100&\(kind)=\(id)")
            #expect(names == holders, "\(kind) \(id)")
            #expect(data["total"] as? Int == holders.count)
        }
    }

    /// The id of `kind` the most characters of `set` are listed with, and their names in order.
    private static func commonestWork(_ kind: String, in set: FixtureSet) -> (Int, [String])? {
        let ids = set.records.flatMap { $0.works[kind] ?? [] }
        guard let id = Set(ids).max(by: { a, b in ids.count { $0 == a } < ids.count { $0 == b } }) else { return nil }
        return (id, set.records.filter { $0.works[kind]?.contains(id) == true }.map(\.name))
    }
}
