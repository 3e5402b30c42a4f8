import Client
import DataProviders
import Foundation
import Testing

@Suite struct MarvelAPIEmulatorTests {
    let emulator: MarvelAPIEmulator

    init() throws {
        emulator = try MarvelAPIEmulator(directory: FixtureSet.bundledDirectory())
    }

    private func get(_ pathAndQuery: String, method: String = "GET") -> HTTPResponse {
        emulator.respond(to: HTTPRequest(method: method, url: URL(string: "http://127.0.0.1" + pathAndQuery)!))
    }

    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    private func page(_ pathAndQuery: String) throws -> (data: [String: Any], names: [String]) {
        let response = get(pathAndQuery)
        #expect(response.statusCode == 200)
        let data = try #require(try json(response)["data"] as? [String: Any])
        let results = try #require(data["results"] as? [[String: Any]])
        return (data, results.compactMap { $0["name"] as? String })
    }

    @Test func bundledSetHasAtLeastFortyDistinctCharactersInNameOrder() throws {
        let records = emulator.fixtures.records
        #expect(records.count >= 40)
        #expect(Set(records.map(\.id)).count == records.count)
        let names = records.map(\.name)
        #expect(names == names.sorted { $0.compare($1, options: [.caseInsensitive, .literal]) == .orderedAscending })
    }

    @Test func defaultPageIsTheFirstTwentyWithTheTotal() throws {
        let (data, names) = try page("/v1/public/characters")
        #expect(names.count == 20)
        #expect(data["offset"] as? Int == 0)
        #expect(data["limit"] as? Int == 20)
        #expect(data["count"] as? Int == 20)
        #expect(data["total"] as? Int == emulator.fixtures.records.count)
        #expect(names.first == "3-D Man")
    }

    @Test func lastPageHoldsWhatIsLeft() throws {
        let total = emulator.fixtures.records.count
        let (data, names) = try page("/v1/public/characters?offset=\(total - 3)&limit=20")
        #expect(names.count == 3)
        #expect(data["count"] as? Int == 3)
        #expect(try self.page("/v1/public/characters?offset=\(total)").names.isEmpty)
    }

    @Test func nameStartsWithFiltersCaseInsensitivelyAndCountsTheFilteredSet() throws {
        let (data, names) = try page("/v1/public/characters?nameStartsWith=cap")
        #expect(names == ["Captain America", "Captain Marvel (Carol Danvers)"])
        #expect(data["total"] as? Int == 2)
    }

    @Test func signingParametersAreAccepted() throws {
        #expect(try page("/v1/public/characters?limit=1&ts=1&apikey=k&hash=h").names.count == 1)
    }

    @Test(arguments: [
        ("limit=0", "You must pass an integer limit greater than 0."),
        ("limit=abc", "You must pass an integer limit greater than 0."),
        ("limit=101", "You may not request more than 100 items."),
        ("offset=-1", "You must pass an integer offset greater than or equal to 0."),
        ("nameStartsWith=", "nameStartsWith cannot be blank if it is set."),
        ("colour=red", "We don't recognize the parameter colour"),
    ])
    func invalidParametersAnswer409WithMarvelsMessage(query: String, message: String) throws {
        let response = get("/v1/public/characters?" + query)
        #expect(response.statusCode == 409)
        #expect(try json(response)["status"] as? String == message)
        #expect(try json(response)["code"] as? Int == 409)
    }

    @Test func detailIsAOneResultWrapper() throws {
        let (data, names) = try page("/v1/public/characters/1011334")
        #expect(names == ["3-D Man"])
        #expect(data["total"] as? Int == 1)
    }

    @Test(arguments: ["/v1/public/characters/1", "/v1/public/characters/abc"])
    func unknownCharacterAnswersMarvels404(path: String) {
        let response = get(path)
        #expect(response.statusCode == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"code":404,"status":"We couldn't find that character"}"#)
    }

    @Test func otherPathsAndMethodsAreRefused() {
        #expect(get("/v1/public/comics").statusCode == 404)
        #expect(get("/v1/public/characters", method: "POST").statusCode == 405)
    }

    @Test func responsesCarryAnETagOfTheirData() throws {
        let first = get("/v1/public/characters?limit=5")
        let second = get("/v1/public/characters?limit=6")
        let etag = try #require(try json(first)["etag"] as? String)
        #expect(first.header("etag") == "\"\(etag)\"")
        #expect(etag.count == 32)
        #expect(second.header("ETag") != first.header("ETag"))
    }
}
