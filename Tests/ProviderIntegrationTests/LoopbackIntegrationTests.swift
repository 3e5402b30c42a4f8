import Client
import DataProviders
import DataProvidersTesting
import Emulator
import EmulatorTesting
import Foundation
import HTTP
import HTTPServer
import HTTPServerTesting
import HTTPTesting
import HTTPTypes
import MarvelDataProviders
import MarvelDataProvidersTesting
import Synchronization
import TestSupport
import Testing

/// Integration: the emulator served by `LoopbackHTTPServer` on 127.0.0.1, and
/// `MarvelCharacterProvider` over `URLSessionHTTPClient` with signing on, end to end.
@Suite(.onOwnThread) struct LoopbackIntegrationTests {
    static let keys = MarvelAuthorization(publicKey: "excelsior-public", privateKey: "excelsior-private")

    @Test(arguments: CharacterProvidingContract.Spec.allCases)
    func theContractHoldsOverASocketWithSigning(_ spec: CharacterProvidingContract.Spec) async throws {
        let emulator = try MarvelFixture.emulator(serving: CharacterProvidingContract.characters, keys: Self.keys)
        try await Transport.loopback.withProvider(over: emulator, keys: Self.keys) { provider in
            try await CharacterProvidingContract.verify(spec) { _ in provider }
        }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs shared/fixtures/marvel beside the package"))
    func capturedMarvelResponsesDecodeOverASocket() async throws {
        let emulator = try MarvelAPIEmulator(directory: SharedFixtures.directory)
        try await Transport.loopback.withProvider(over: emulator) { provider in
            try await RealResponseTests.everyCapturedCharacterDecodes(provider)
            try await RealResponseTests.detailOfThreeDManKeepsEveryField(provider)
            try await RealResponseTests.placeholderDatesAndEmptyDescriptionsAreKept(provider)
        }
    }

    @Test func theBundledSetIsTheSameOverASocketAsInProcess() async throws {
        let emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set(), keys: Self.keys)
        var pages: [[Character]] = []
        for transport in Transport.allCases {
            let all = try await transport.withProvider(over: emulator, keys: Self.keys) { provider in
                var all: [Character] = []
                for offset in stride(from: 0, to: 200, by: 15) {
                    let page = try await provider.characters(offset: offset, limit: 15)
                    all += page.results
                    if offset + page.count >= page.total { break }
                }
                return all
            }
            pages.append(all)
        }
        #expect(pages[0].count == emulator.fixtures.records.count)
        #expect(pages[0] == pages[1])
    }

    @Test func orderingIsAppliedOverASocket() async throws {
        let emulator = try MarvelFixture.emulator(serving: CharacterProvidingContract.characters, keys: Self.keys)
        let names = try await Transport.loopback.withProvider(over: emulator, keys: Self.keys) { provider in
            try await provider.characters(offset: 0, limit: 3, query: CharacterQuery(orderBy: "-name")).results.map(\.name)
        }
        #expect(names == ["Zephyr", "Warden", "Vortex"])
    }

    @Test func wrongKeysAreRefusedWithAClearMessage() async throws {
        let emulator = try MarvelFixture.emulator(serving: CharacterProvidingContract.characters, keys: Self.keys)
        let wrong = MarvelAuthorization(publicKey: "excelsior-public", privateKey: "guess")
        let error = try await Transport.loopback.withProvider(over: emulator, keys: wrong) { provider in
            await #expect(throws: ProviderError.self) { try await provider.character(by: 1_017_001) }
        }
        #expect(
            error
                == .invalidRequest(
                    "the Marvel API refused the keys (401 InvalidCredentials: That hash, timestamp and key combination is invalid); check the public and private keys"
                ))
    }

    @Test func missingKeysAreRefused() async throws {
        let emulator = try MarvelFixture.emulator(serving: CharacterProvidingContract.characters, keys: Self.keys)
        let error = try await Transport.loopback.withProvider(over: emulator) { provider in
            await #expect(throws: ProviderError.self) { try await provider.characters(offset: 0, limit: 1) }
        }
        #expect(error == .invalidRequest("You must provide a user key."))
    }

    @Test func notFoundAndInvalidParametersArriveTyped() async throws {
        let emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set())
        try await Transport.loopback.withProvider(over: emulator) { provider in
            await #expect(throws: ProviderError.notFound(id: 1)) { try await provider.character(by: 1) }
            await #expect(throws: ProviderError.invalidRequest("You may not request more than 100 items.")) {
                try await provider.characters(offset: 0, limit: 101)
            }
        }
    }

    @Test func retriesAndConditionalRequestsWorkAgainstTheEmulator() async throws {
        let emulator = MarvelAPIEmulator(fixtures: try BundledFixtures.set(), keys: Self.keys)
        let server = HTTPHandlerStub([HTTPResponse(statusCode: 503)], then: { emulator.respond(to: $0) })
        let statuses = StatusLog()
        let sleeper = SleepSpy()
        let (first, second) = try await LoopbackHTTPServer.serving({ request in
            let response = await server.handle(request)
            statuses.append(response.statusCode)
            return response
        }) { loopback in
            let http = ETagHTTPClient(RetryingHTTPClient(URLSessionHTTPClient(timeout: 30), sleep: sleeper.sleep, random: { 0 }))
            let provider = MarvelCharacterProvider(api: MarvelAPIClient(http: http, baseURL: loopback.baseURL, authorization: Self.keys))
            return (try await provider.characters(offset: 0, limit: 5), try await provider.characters(offset: 0, limit: 5))
        }
        #expect(first == second)
        #expect(first.count == 5)
        #expect(statuses.all == [503, 200, 304])
        #expect(server.requests.last?.header("If-None-Match") != nil)
        #expect(sleeper.waits == [.milliseconds(500)])
    }
}

/// The statuses a test server answered with, in order.
final class StatusLog: Sendable {
    private let statuses = Mutex<[Int]>([])

    func append(_ status: Int) {
        statuses.withLock { $0.append(status) }
    }

    var all: [Int] {
        statuses.withLock { $0 }
    }
}
