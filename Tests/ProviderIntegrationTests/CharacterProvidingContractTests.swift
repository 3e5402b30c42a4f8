import Client
import DataProviders
import DataProvidersTesting
import MarvelDataProviders
import MarvelDataProvidersTesting
import TestSupport
import Testing

/// The `CharacterProviding` contract, run against the Marvel provider over the in-process
/// emulator (see LoopbackIntegrationTests for it over a socket; DataProvidersTests runs it on the
/// doubles).
@Suite(.onOwnThread) struct CharacterProvidingContractTests {
    typealias Spec = CharacterProvidingContract.Spec

    @Test(arguments: Spec.allCases)
    func marvelProviderOverTheEmulator(_ spec: Spec) async throws {
        try await CharacterProvidingContract.verify(spec) { characters in
            MarvelCharacterProvider(api: MarvelAPIClient(http: try MarvelFixture.emulator(serving: characters)))
        }
    }
}
