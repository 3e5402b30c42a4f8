import Client
import DataProviders
import DataProvidersTesting
import Foundation
import HTTPTypes
import HTTPTypesTesting
import MarvelDataProviders
import Testing

@Suite struct MarvelCharacterProviderTests {
    private func provider(_ responses: HTTPResponse...) -> MarvelCharacterProvider {
        MarvelCharacterProvider(api: MarvelAPIClient(http: HTTPClientStub(responses: responses)))
    }

    private static let emptyPage = HTTPResponse.json(#"{"code":200,"data":{"offset":0,"limit":5,"total":0,"count":0,"results":[]}}"#)

    @Test func mapsResultsAndPaging() async throws {
        let body =
            #"{"code":200,"data":{"offset":5,"limit":2,"total":9,"count":1,"results":[{"id":7,"name":"Seven","description":"d","modified":"1969-12-31T19:00:00-0500","thumbnail":{"path":"http://x.test/a","extension":"gif"},"comics":{"available":4}}]}}"#
        let page = try await provider(.json(body)).characters(offset: 5, limit: 2)
        #expect(
            page
                == CharacterPage(
                    offset: 5, limit: 2, total: 9, count: 1,
                    results: [
                        Character(
                            id: 7, name: "Seven", description: "d", modified: Date(timeIntervalSince1970: 0),
                            thumbnail: URL(string: "https://x.test/a.gif"), appearances: Appearances(comics: ResourceList(available: 4)))
                    ]))
    }

    @Test func unknownIdIsNotFound() async throws {
        let notFound = HTTPResponse.json(#"{"code":404,"status":"We couldn't find that character"}"#, status: 404)
        await #expect(throws: ProviderError.notFound(id: 9)) { try await provider(notFound).character(by: 9) }
    }

    @Test func anAnswerForAnotherIdIsBadDataNeverTheCharacterAsked() async throws {
        let other = HTTPResponse.json(
            #"{"code":200,"data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":111,"name":"Decoy"}]}}"#)
        await #expect(throws: ProviderError.badData("asked for character 222, the server answered with character 111")) {
            try await provider(other).character(by: 222)
        }
    }

    @Test func invalidParameterIsAnInvalidRequestWithMarvelsMessage() async throws {
        let conflict = HTTPResponse.json(#"{"code":409,"status":"You may not request more than 100 items."}"#, status: 409)
        await #expect(throws: ProviderError.invalidRequest("You may not request more than 100 items.")) {
            try await provider(conflict).characters(offset: 0, limit: 101)
        }
    }

    @Test(arguments: [429, 500, 503])
    func rateLimitAndServerErrorsMeanUnavailable(status: Int) async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await provider(HTTPResponse(statusCode: status)).character(by: 1)
        }
        guard case .unavailable = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
    }

    @Test func unreadableDateIsBadData() async throws {
        let body = #"{"data":{"offset":0,"limit":1,"total":1,"count":1,"results":[{"id":1,"name":"A","modified":"last week"}]}}"#
        await #expect(throws: ProviderError.badData("character 1 has an unreadable modified date 'last week'")) {
            try await provider(.json(body)).character(by: 1)
        }
    }

    @Test(arguments: ["9999-12-31T23:59:59-0100", "-9999-01-01T00:00:00+0001"])
    func aDatePastTheYearsAtUTCIsBadData(_ modified: String) async throws {
        let body =
            #"{"data":{"offset":0,"limit":1,"total":1,"count":1,"results":[{"id":1,"name":"A","modified":""#
            + modified + #""}]}}"#
        await #expect(throws: ProviderError.badData("character 1 has an unreadable modified date '\(modified)'")) {
            try await provider(.json(body)).character(by: 1)
        }
    }

    @Test func bodyThatIsNotJSONIsBadData() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await provider(HTTPResponse(statusCode: 200, body: Data("<html>".utf8))).character(by: 1)
        }
        guard case .badData = error else {
            Issue.record("expected badData, got \(String(describing: error))")
            return
        }
    }

    @Test func orderByIsSentInPriorityOrder() async throws {
        let stub = HTTPClientStub(responses: [Self.emptyPage])
        let provider = MarvelCharacterProvider(api: MarvelAPIClient(http: stub))
        _ = try await provider.characters(offset: 0, limit: 5, query: CharacterQuery(nameStartsWith: "S", orderBy: "-modified,name"))
        #expect(stub.requests.first?.url.query == "offset=0&limit=5&nameStartsWith=S&orderBy=-modified%2Cname")
    }

    @Test func theProtocolsListingSendsNoOrder() async throws {
        let stub = HTTPClientStub(responses: [Self.emptyPage])
        _ = try await MarvelCharacterProvider(api: MarvelAPIClient(http: stub)).characters(offset: 0, limit: 5)
        #expect(stub.requests.first?.url.query == "offset=0&limit=5")
    }

    @Test func refusedKeysAreAnInvalidRequestThatSaysSo() async throws {
        let refused = HTTPResponse.json(#"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#, status: 401)
        await #expect(
            throws: ProviderError.invalidRequest(
                "the Marvel API refused the keys (401 InvalidCredentials: The passed API key is invalid.); check the public and private keys"
            )
        ) {
            try await provider(refused).characters(offset: 0, limit: 1)
        }
    }

    @Test func aMissingKeyIsAnInvalidRequestWithMarvelsMessage() async throws {
        let missing = HTTPResponse.json(#"{"code":"MissingParameter","message":"You must provide a user key."}"#, status: 409)
        await #expect(throws: ProviderError.invalidRequest("You must provide a user key.")) {
            try await provider(missing).character(by: 1)
        }
    }

    @Test func notFoundOnAListingIsAnInvalidRequest() async throws {
        let missing = HTTPResponse.json(#"{"code":"ResourceNotFound","message":"/v1/public/heroes does not exist"}"#, status: 404)
        let error = await #expect(throws: ProviderError.self) { try await provider(missing).characters(offset: 0, limit: 1) }
        guard case .invalidRequest(let message) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("answered 404 (ResourceNotFound): /v1/public/heroes does not exist"))
    }

    @Test(arguments: [
        HTTPResponse.json(#"{"code":"ResourceNotFound","message":"/wrong/v1/public/characters/9 does not exist"}"#, status: 404),
        HTTPResponse(statusCode: 404),
    ])
    func aPathTheServerDoesNotHaveIsAnInvalidRequestNotAnAbsentCharacter(_ answer: HTTPResponse) async throws {
        let error = await #expect(throws: ProviderError.self) { try await provider(answer).character(by: 9) }
        guard case .invalidRequest(let message) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("answered 404"))
        #expect(message.hasSuffix("(is the base URL right?)"))
    }

    @Test func otherClientStatusesAreInvalidAndOthersUnavailable() async throws {
        let invalid = await #expect(throws: ProviderError.self) { try await provider(HTTPResponse(statusCode: 405)).character(by: 1) }
        let unavailable = await #expect(throws: ProviderError.self) { try await provider(HTTPResponse(statusCode: 304)).character(by: 1) }
        #expect(invalid?.description.hasPrefix("Invalid request:") == true)
        #expect(unavailable?.description.hasPrefix("The character source is unavailable:") == true)
    }

    @Test func transportFailuresAndTimeOutsAreUnavailable() async throws {
        let url = URL(string: "https://gateway.marvel.com/v1/public/characters/1")!
        for failure in [ClientError.transport(url: url, reason: "Connection refused"), .timedOut(url: url)] {
            let provider = MarvelCharacterProvider(api: MarvelAPIClient(http: HTTPClientStub([.failure(failure)])))
            await #expect(throws: ProviderError.unavailable(failure.description)) { try await provider.character(by: 1) }
        }
    }
}
