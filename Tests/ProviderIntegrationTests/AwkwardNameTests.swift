import DataProviders
import DataProvidersTesting
import MarvelDataProvidersTesting
import TestSupport
import Testing

/// Names holding what a query must escape go through the Marvel provider, its client and the
/// emulator unchanged: the client percent-encodes them, the emulator reads the query as a form.
@Suite(.onOwnThread) struct AwkwardNameTests {
    /// Names holding a plus, a space, `&`, `=`, `%`, `#`, `?`, `/` and non-ASCII text.
    static let awkwardNames = [
        "Iron+Man", "Cloak & Dagger", "X=Y", "100% Pure", "%41 Not An Escape", "#1 Fan", "Who? What/Why",
        "Se\u{F1}or \u{C9}pico", "\u{6F22}\u{5B57} \u{1F9B8}\u{200D}\u{2640}\u{FE0F}", "Plus + Space",
    ]

    @Test(arguments: Transport.allCases)
    func everyNameRoundTripsThroughTheClientAndTheEmulator(transport: Transport) async throws {
        let characters = Self.awkwardNames.enumerated().map { Character.sample(id: 100 + $0.offset, name: $0.element) }
        let emulator = try MarvelFixture.emulator(serving: characters + [Character.sample(id: 1, name: "Iron Man")])
        try await transport.withProvider(over: emulator) { provider in
            for name in Self.awkwardNames {
                let exact = try await provider.characters(offset: 0, limit: 100, query: CharacterQuery(name: name))
                #expect(exact.results.map(\.name) == [name])
                let start = String(name.prefix(5))
                let prefix = try await provider.characters(offset: 0, limit: 100, query: CharacterQuery(nameStartsWith: start))
                #expect(prefix.results.map(\.name).contains(name))
                #expect(!prefix.results.map(\.name).contains { !$0.lowercased().hasPrefix(start.lowercased()) }, "\(name)")
            }
        }
    }
}
