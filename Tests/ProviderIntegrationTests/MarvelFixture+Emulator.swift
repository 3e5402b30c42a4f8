import Client
import DataProviders
import DataProvidersTesting
import Emulator
import MarvelDataProvidersTesting

extension MarvelFixture {
    /// An emulator serving exactly `characters`, requiring requests signed with `keys` if given.
    static func emulator(serving characters: [Character], keys: MarvelAuthorization? = nil) throws -> MarvelAPIEmulator {
        MarvelAPIEmulator(fixtures: try FixtureSet(documents: [(name: "characters.json", json: wrapper(characters))]), keys: keys)
    }
}
