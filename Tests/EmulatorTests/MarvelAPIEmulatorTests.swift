import Client
import DataProviders
import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import Testing

@Suite struct MarvelAPIEmulatorTests {
    let emulator: MarvelAPIEmulator

    init() throws {
        emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set())
    }

    private func get(_ pathAndQuery: String, method: String = "GET", headers: [String: String] = [:]) -> HTTPResponse {
        emulator.respond(to: HTTPRequest(method: method, url: URL(string: "http://127.0.0.1" + pathAndQuery)!, headers: headers))
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
        ("limit=99999999999999999999", "You may not request more than 100 items."),
        ("limit=1&limit=3", "You may not pass the parameter limit more than once."),
        ("name=Hulk&limit=5&name=Hulk", "You may not pass the parameter name more than once."),
        ("ts=1&apikey=k&hash=h&ts=2", "You may not pass the parameter ts more than once."),
        ("offset=-1", "You must pass an integer offset greater than or equal to 0."),
        ("nameStartsWith=", "nameStartsWith cannot be blank if it is set."),
        ("colour=red", "We don't recognize the parameter colour"),
        ("name=", "name cannot be blank if it is set."),
        ("modifiedSince=", "modifiedSince cannot be blank if it is set."),
        ("comics=", "comics cannot be blank if it is set."),
        ("orderBy=colour", "colour is not a valid ordering parameter for orderBy."),
        ("modifiedSince=yesterday", "yesterday is not a valid date for modifiedSince."),
        ("modifiedSince=2014-13-01", "2014-13-01 is not a valid date for modifiedSince."),
        ("series=1,2,3,4,5,6,7,8,9,10,11", "You may not submit more than 10 values for series."),
        ("events=1,x", "x is not a valid value for events."),
        ("stories=1,,2", " is not a valid value for stories."),
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

    @Test(arguments: [
        "/v1/public/characters/1", "/v1/public/characters/abc", "/v1/public/characters/+1011334",
        "/v1/public/characters/-1011334", "/v1/public/characters/%201011334",
    ])
    func unknownCharacterAnswersMarvels404(path: String) {
        let response = get(path)
        #expect(response.statusCode == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"code":404,"status":"We couldn't find that character"}"#)
    }

    @Test func otherPathsAndMethodsAreRefused() {
        #expect(get("/v1/public/comics").statusCode == 404)
        #expect(get("/v1/public/characters", method: "POST").statusCode == 405)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func methodsButGETAndHEADAnswer405NamingThem(method: String) {
        let response = get("/v1/public/characters/1011334", method: method)
        #expect(response.statusCode == 405)
        #expect(response.header("Allow") == "GET, HEAD")
    }

    @Test(arguments: [
        ("nameStartsWith=%E2%82", "nameStartsWith"),
        ("limit=5&offset=%FF", "offset"),
        ("%C3%28=1", "%C3%28"),
    ])
    func invalidPercentEncodingAnswers409NamingTheParameter(query: String, name: String) throws {
        let response = get("/v1/public/characters?" + query)
        #expect(response.statusCode == 409)
        #expect(try json(response)["status"] as? String == "The parameter \(name) is not valid percent-encoded UTF-8.")
    }

    @Test func percentEncodedParametersStillDecode() throws {
        #expect(try page("/v1/public/characters?nameStartsWith=%33-D&limit=%35").names == ["3-D Man"])
    }

    @Test func responsesCarryAnETagOfTheirData() throws {
        let first = get("/v1/public/characters?limit=5")
        let second = get("/v1/public/characters?limit=6")
        let etag = try #require(try json(first)["etag"] as? String)
        #expect(first.header("etag") == "\"\(etag)\"")
        #expect(etag.count == 32)
        #expect(second.header("ETag") != first.header("ETag"))
    }

    @Test func orderByNameDescendingReversesTheDefault() throws {
        let ascending = try page("/v1/public/characters?limit=100").names
        #expect(try page("/v1/public/characters?limit=100&orderBy=name").names == ascending)
        #expect(try page("/v1/public/characters?limit=100&orderBy=-name").names == ascending.reversed())
    }

    @Test func orderByModifiedSortsByDateBothWays() throws {
        let dates = { (query: String) throws -> [Date] in
            let response = get("/v1/public/characters?limit=100&orderBy=" + query)
            let data = try #require(try json(response)["data"] as? [String: Any])
            let results = try #require(data["results"] as? [[String: Any]])
            return results.map { ($0["modified"] as? String).flatMap(MarvelDate.parse) ?? .distantPast }
        }
        let oldestFirst = try dates("modified")
        #expect(oldestFirst.count == emulator.fixtures.records.count)
        #expect(oldestFirst == oldestFirst.sorted())
        #expect(Set(oldestFirst).count > 1)
        let newestFirst = try dates("-modified")
        #expect(newestFirst == oldestFirst.sorted(by: >))
    }

    @Test func orderByTiesFallBackToTheNextFieldThenName() throws {
        let byModifiedThenNameDescending = try page("/v1/public/characters?limit=100&orderBy=modified,-name").names
        let byModified = try page("/v1/public/characters?limit=100&orderBy=modified").names
        #expect(Set(byModifiedThenNameDescending) == Set(byModified))
        #expect(byModifiedThenNameDescending.count == byModified.count)
    }

    @Test func orderByWorksWithFilterAndPaging() throws {
        let (data, names) = try page("/v1/public/characters?nameStartsWith=cap&orderBy=-name&limit=1&offset=0")
        #expect(names == ["Captain Marvel (Carol Danvers)"])
        #expect(data["total"] as? Int == 2)
    }

    @Test(arguments: ["title", "", "-", "name,", "%2Bname", "name,colour"])
    func unknownOrderingAnswers409(_ value: String) throws {
        let response = get("/v1/public/characters?orderBy=" + value)
        #expect(response.statusCode == 409)
        #expect((try json(response)["status"] as? String)?.contains("orderBy") == true)
    }

    @Test func matchingIfNoneMatchAnswers304WithoutABody() throws {
        let first = get("/v1/public/characters/1011334")
        let etag = try #require(first.header("ETag"))
        for condition in [etag, "W/" + etag, "\"other\", \(etag)", "*", String(etag.dropFirst().dropLast())] {
            let again = get("/v1/public/characters/1011334", headers: ["If-None-Match": condition])
            #expect(again.statusCode == 304, "If-None-Match: \(condition)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
        }
    }

    @Test func staleIfNoneMatchGetsTheFullAnswer() {
        let response = get("/v1/public/characters?limit=3", headers: ["If-None-Match": "\"stale\""])
        #expect(response.statusCode == 200)
        #expect(!response.body.isEmpty)
    }

    @Test func errorsIgnoreIfNoneMatch() {
        #expect(get("/v1/public/characters/1", headers: ["If-None-Match": "*"]).statusCode == 404)
    }
}

/// The emulator with keys: requests must be signed as the real API demands.
@Suite struct MarvelAPIEmulatorSigningTests {
    let emulator: MarvelAPIEmulator
    let keys = MarvelAuthorization(publicKey: "1234", privateKey: "abcd")

    init() throws {
        emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set(), keys: keys)
    }

    private func get(_ query: String) throws -> (status: Int, code: String?, message: String?) {
        let response = emulator.respond(to: HTTPRequest(url: URL(string: "http://127.0.0.1/v1/public/characters?limit=1" + query)!))
        let body = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (response.statusCode, body?["code"].map { "\($0)" }, (body?["message"] ?? body?["status"]) as? String)
    }

    @Test func marvelsDocumentedExampleIsAccepted() throws {
        #expect(try get("&ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150").status == 200)
        #expect(try get("&ts=1&apikey=1234&hash=FFD275C5130566A2916217B101F26150").status == 200)
    }

    @Test(arguments: [
        ("", 409, "MissingParameter", "You must provide a user key."),
        ("&ts=1&hash=ffd275c5130566a2916217b101f26150", 409, "MissingParameter", "You must provide a user key."),
        ("&ts=1&apikey=9999&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials", "The passed API key is invalid."),
        ("&apikey=1234&hash=ffd275c5130566a2916217b101f26150", 409, "MissingParameter", "You must provide a timestamp."),
        ("&ts=1&apikey=1234", 409, "MissingParameter", "You must provide a hash."),
        (
            "&ts=2&apikey=1234&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials",
            "That hash, timestamp and key combination is invalid"
        ),
    ])
    func unsignedOrBadlySignedRequestsGetMarvelsAnswers(query: String, status: Int, code: String, message: String) throws {
        let answer = try get(query)
        #expect(answer.status == status)
        #expect(answer.code == code)
        #expect(answer.message == message)
    }
}
