import DataProviders
import DataProvidersTesting
import Testing

/// The `CharacterProviding` contract on the doubles other modules' tests use in a provider's
/// place, so a double never answers what no real provider would.
@Suite struct CharacterProviderDoubleContractTests {
    typealias Spec = CharacterProvidingContract.Spec

    @Test(arguments: Spec.allCases)
    func inMemoryFake(_ spec: Spec) async throws {
        try await CharacterProvidingContract.verify(spec) { InMemoryCharacterProvider($0) }
    }

    @Test(arguments: Spec.allCases)
    func stubServingAList(_ spec: Spec) async throws {
        try await CharacterProvidingContract.verify(spec) { CharacterProviderStub(serving: $0) }
    }

    @Test func theDataSetIsLargeEnoughAndNotAlreadySorted() {
        let characters = CharacterProvidingContract.characters
        #expect(characters.count == 30)
        #expect(Set(characters.map(\.id)).count == characters.count)
        #expect(characters != characters.sorted(by: InMemoryCharacterProvider.nameOrder))
    }

    @Test func servingStubStillRecordsAndPrefersQueuedAnswers() async throws {
        let queued = Character.sample(id: 99)
        let stub = CharacterProviderStub(
            characters: [.success(queued)], fallback: InMemoryCharacterProvider(CharacterProvidingContract.characters))
        #expect(try await stub.character(by: 1) == queued)
        #expect(try await stub.character(by: 1_017_001).name == "Vortex")
        _ = try await stub.characters(offset: 0, limit: 2)
        #expect(stub.calls == [.character(id: 1), .character(id: 1_017_001), .characters(offset: 0, limit: 2, query: CharacterQuery())])
    }

    @Test func stubWithoutFallbackStillRunsOut() async throws {
        let error = await #expect(throws: CharacterProviderStub.QueueExhausted.self) {
            try await CharacterProviderStub().character(by: 3)
        }
        #expect(error?.call == .character(id: 3))
    }
}
