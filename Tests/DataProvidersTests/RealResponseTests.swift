import Client
import DataProviders
import Foundation
import Testing

/// The captured Marvel API responses decode unchanged, served through the emulator, both in
/// process and over a loopback socket.
@Suite(.enabled(if: SharedFixtures.available, "needs shared/fixtures/marvel beside the package"))
struct RealResponseTests {
    let emulator: MarvelAPIEmulator

    init() throws {
        emulator = try MarvelAPIEmulator(directory: SharedFixtures.directory)
    }

    @Test(arguments: Transport.allCases)
    func everyCapturedCharacterDecodes(over transport: Transport) async throws {
        let page = try await transport.withProvider(over: emulator) { try await $0.characters(offset: 0, limit: 100) }
        #expect(page.total == 10)
        #expect(page.results.map(\.name).first == "3-D Man")
        #expect(page.results.map(\.name).last == "Adam Destine")
    }

    @Test(arguments: Transport.allCases)
    func detailOfThreeDManKeepsEveryField(over transport: Transport) async throws {
        let character = try await transport.withProvider(over: emulator) { try await $0.character(by: 1011334) }
        #expect(character.name == "3-D Man")
        #expect(character.description == "3-D man is a 3d superhero")
        #expect(character.modified == MarvelDate.parse("2014-04-29T14:18:17-0400"))
        #expect(character.thumbnail?.absoluteString == "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784.jpg")
        #expect(character.appearances == Appearances(comics: 11, series: 2, stories: 17, events: 1))
    }

    @Test(arguments: Transport.allCases)
    func placeholderDatesAndEmptyDescriptionsAreKept(over transport: Transport) async throws {
        let aaron = try await transport.withProvider(over: emulator) { try await $0.character(by: 1010699) }
        #expect(aaron.description.isEmpty)
        #expect(aaron.modified == Date(timeIntervalSince1970: 0))
        #expect(aaron.thumbnail?.lastPathComponent == "image_not_available.jpg")
    }

    @Test func capturedFilesDecodeDirectlyAsEnvelopes() throws {
        for name in ["characters.json", "character-1011334.json"] {
            let data = try Data(contentsOf: SharedFixtures.directory.appendingPathComponent(name))
            let response = HTTPResponse(statusCode: 200, body: data)
            let wrapper: MarvelDataWrapper<IDOnly> = try JSONDecoder().decode(MarvelDataWrapper<IDOnly>.self, from: response.body)
            #expect(wrapper.data.count == wrapper.data.results.count)
        }
    }

    struct IDOnly: Decodable, Sendable {
        let id: Int
    }
}
