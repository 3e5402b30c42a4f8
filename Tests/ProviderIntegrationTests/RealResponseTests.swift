import Client
import DataProviders
import Emulator
import EmulatorTesting
import Foundation
import HTTPTypes
import MarvelDataProviders
import TestSupport
import Testing

/// The captured Marvel API responses decode unchanged, served through the in-process emulator
/// (LoopbackIntegrationTests runs the same checks over a socket).
@Suite(.onOwnThread, .enabled(if: SharedFixtures.available, "needs shared/fixtures/marvel beside the package"))
struct RealResponseTests {
    let provider: MarvelCharacterProvider

    init() throws {
        provider = MarvelCharacterProvider(api: MarvelAPIClient(http: try MarvelAPIEmulator(directory: SharedFixtures.directory)))
    }

    @Test func everyCapturedCharacterDecodes() async throws {
        try await Self.everyCapturedCharacterDecodes(provider)
    }

    @Test func detailOfThreeDManKeepsEveryField() async throws {
        try await Self.detailOfThreeDManKeepsEveryField(provider)
    }

    @Test func placeholderDatesAndEmptyDescriptionsAreKept() async throws {
        try await Self.placeholderDatesAndEmptyDescriptionsAreKept(provider)
    }

    static func everyCapturedCharacterDecodes(_ provider: MarvelCharacterProvider) async throws {
        let page = try await provider.characters(offset: 0, limit: 100)
        #expect(page.total == 10)
        #expect(page.results.map(\.name).first == "3-D Man")
        #expect(page.results.map(\.name).last == "Adam Destine")
    }

    static func detailOfThreeDManKeepsEveryField(_ provider: MarvelCharacterProvider) async throws {
        let character = try await provider.character(by: 1_011_334)
        #expect(character.name == "3-D Man")
        #expect(character.description == "3-D man is a 3d superhero")
        #expect(character.modified == MarvelDate.parse("2014-04-29T14:18:17-0400"))
        #expect(character.thumbnail?.absoluteString == "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784.jpg")
        #expect(
            [character.appearances.comics, character.appearances.series, character.appearances.stories, character.appearances.events]
                .map(\.available) == [11, 2, 17, 1])
        #expect(character.appearances.comics.items.first?.name == "Avengers: The Initiative (2007) #14")
        #expect(character.urls.map(\.type) == ["detail", "wiki", "comiclink"])
    }

    static func placeholderDatesAndEmptyDescriptionsAreKept(_ provider: MarvelCharacterProvider) async throws {
        let aaron = try await provider.character(by: 1_010_699)
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
