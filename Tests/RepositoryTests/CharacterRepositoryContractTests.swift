import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import Testing

/// The real repository and the double other modules' tests use meet the same contract.
@Suite struct CharacterRepositoryContractTests {
    @Test(arguments: CharacterRepositoryContract.Spec.allCases)
    func theRealRepositoryMeetsTheContract(_ spec: CharacterRepositoryContract.Spec) async throws {
        try await CharacterRepositoryContract.verify(spec) {
            InternalCharacterRepository(provider: InMemoryCharacterProvider($0), cache: MemoryCache())
        }
    }

    @Test(arguments: CharacterRepositoryContract.Spec.allCases)
    func theStubMeetsTheContract(_ spec: CharacterRepositoryContract.Spec) async throws {
        try await CharacterRepositoryContract.verify(spec) { CharacterRepositoryStub($0.sorted(by: InMemoryCharacterProvider.nameOrder)) }
    }
}
