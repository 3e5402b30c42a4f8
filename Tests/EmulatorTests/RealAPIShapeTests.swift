import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import Testing

/// What a strict client of the real API expects of the emulator over the bundled fixtures, each
/// request carried as bytes the way `serve` carries it: every record whole, and Marvel's shape
/// for a resource the emulator does not have.
@Suite struct RealAPIShapeTests {
    let client: WireHTTPClient

    init() throws {
        client = WireHTTPClient(emulator: MarvelAPIEmulator(fixtures: try BundledFixtures.set()))
    }

    private func get(_ pathAndQuery: String) async throws -> (status: Int, json: [String: Any]) {
        let response = try await client.send(HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:8080" + pathAndQuery))))
        let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (response.statusCode, json)
    }

    @Test func everyRecordServedCarriesEveryFieldOfTheRealCharacterRecord() async throws {
        let fields = ["comics", "description", "events", "id", "modified", "name", "resourceURI", "series", "stories", "thumbnail", "urls"]
        let page = try await get("/v1/public/characters?limit=100")
        let data = try #require(page.json["data"] as? [String: Any])
        let results = try #require(data["results"] as? [[String: Any]])
        #expect(results.count == 45)
        for record in results {
            let missing = fields.filter { record[$0] == nil }
            #expect(missing.isEmpty, "\(record["name"] ?? "?") lacks \(missing)")
            #expect((record["urls"] as? [[String: Any]])?.isEmpty == false, "\(record["name"] ?? "?") has no urls")
        }
    }

    @Test func aSubResourceTheEmulatorDoesNotHaveIsResourceNotFoundNamingThePath() async throws {
        let answer = try await get("/v1/public/characters/1011334/comics")
        #expect(answer.status == 404)
        #expect(answer.json["code"] as? String == "ResourceNotFound")
        #expect(answer.json["message"] as? String == "/v1/public/characters/1011334/comics does not exist")
    }
}
