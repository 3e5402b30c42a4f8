import Client
import Foundation
import HTTPTypesTesting
import Testing

@Suite struct EndpointTests {
    let base = URL(string: "https://gateway.marvel.com")!

    @Test func charactersEndpointCarriesPagingAndFilter() {
        let request = Endpoint.characters(offset: 40, limit: 20, filters: [QueryParameter("nameStartsWith", "Spider Man")])
            .request(baseURL: base)
        #expect(request.method == "GET")
        #expect(
            request.url.absoluteString == "https://gateway.marvel.com/v1/public/characters?offset=40&limit=20&nameStartsWith=Spider%20Man")
    }

    @Test func charactersEndpointCarriesTheFiltersAfterThePaging() {
        let filters = [QueryParameter("comics", "1,2"), QueryParameter("orderBy", "-modified,name")]
        let request = Endpoint.characters(offset: 0, limit: 5, filters: filters).request(baseURL: base)
        #expect(
            request.url.absoluteString
                == "https://gateway.marvel.com/v1/public/characters?offset=0&limit=5&comics=1%2C2&orderBy=-modified%2Cname")
    }

    @Test func requestBecomesAFoundationURLRequest() {
        let urlRequest = Endpoint.character(id: 5).request(baseURL: base).urlRequest
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.url?.absoluteString == "https://gateway.marvel.com/v1/public/characters/5")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(urlRequest.httpBody == nil)
    }

    @Test func theDefaultBaseURLIsMarvelsGateway() {
        let client = MarvelAPIClient(http: HTTPClientStub([]))
        #expect(client.request(for: .character(id: 1)).url.absoluteString == "https://gateway.marvel.com/v1/public/characters/1")
    }

    @Test func characterEndpointNamesTheId() {
        let request = Endpoint.character(id: 1_011_334).request(baseURL: base)
        #expect(request.url.absoluteString == "https://gateway.marvel.com/v1/public/characters/1011334")
    }

    @Test func signingParametersAreAppended() {
        let client = MarvelAPIClient(
            http: HTTPClientStub([]),
            baseURL: base,
            authorization: MarvelAuthorization(publicKey: "1234", privateKey: "abcd"),
            timestamp: { "1" }
        )
        let url = client.request(for: .character(id: 7)).url.absoluteString
        #expect(url == "https://gateway.marvel.com/v1/public/characters/7?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150")
    }

    @Test(arguments: ["http://127.0.0.1:8080/marvel/api/", "http://127.0.0.1:8080/marvel/api"])
    func aBaseURLPathPrefixIsKept(_ base: String) throws {
        let request = Endpoint.character(id: 7).request(baseURL: try #require(URL(string: base)))
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/marvel/api/v1/public/characters/7")
    }
}
