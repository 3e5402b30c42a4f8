import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Testing

/// The repository double answers like a repository whose every answer is fresh from the provider.
@Suite struct CharacterRepositoryStubTests {
    let stub = CharacterRepositoryStub([
        Character.sample(id: 1, name: "Spark"),
        Character.sample(id: 2, name: "Hulk"),
        Character.sample(id: 3, name: "spectra"),
    ])

    @Test func pagesAndFiltersIgnoringCase() async throws {
        let filtered = try await stub.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "SP"))
        let second = try await stub.characters(offset: 1, limit: 1)

        #expect(filtered.value.results.map(\.id) == [1, 3])
        #expect(filtered.value.total == 2)
        #expect(second.value.results.map(\.id) == [2])
        #expect(second.value.total == 3)
        #expect(second.origin == .provider && !second.isStale && second.storedAt == nil)
    }

    @Test func unknownIdIsNotFound() async throws {
        #expect(try await stub.character(by: 2).value.name == "Hulk")
        await #expect(throws: ProviderError.notFound(id: 9)) { try await stub.character(by: 9) }
    }
}
