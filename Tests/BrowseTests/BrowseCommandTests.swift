import Browse
import CommandLineKit
import CommandLineKitTesting
import DataProviders
import DataProvidersTesting
import Foundation
import Repository
import RepositoryTesting
import Storage
import Testing

/// `list` and `show` built from doubles: a stub repository, a memory cache, a recording console.
@Suite struct BrowseCommandTests {
    let repository = CharacterRepositoryStub([Character.sample(id: 7, name: "Stub Hero"), Character.sample(id: 8, name: "Other")])
    let recorder = ConsoleRecorder()

    private func observer(failure: String? = nil) -> CacheObserver {
        CacheObserver(kind: "memory", cache: MemoryCache(), failure: { failure })
    }

    @Test func listPrintsATableThenThePageAndTheCounts() async throws {
        let command = ListCommand(
            offset: 0, limit: 20, query: CharacterQuery(), repository: repository, cache: observer(), format: .table,
            detailedStatistics: false, console: recorder.console)
        try await command.run()
        #expect(recorder.out.count == 3)
        #expect(recorder.out[0].contains("Stub Hero"))
        #expect(recorder.out[1] == "Showing 2 of 2 characters from offset 0.")
        #expect(recorder.out[2] == "cache (memory): hits 0, misses 0, stored 0; provider calls 0")
        #expect(recorder.err.isEmpty)
    }

    @Test func listAsJSONPrintsOnlyTheDocumentAndTheDetailsGoToStandardError() async throws {
        let command = ListCommand(
            offset: 1, limit: 1, query: CharacterQuery(), repository: repository, cache: observer(), format: .json,
            detailedStatistics: true,
            console: recorder.console)
        try await command.run()
        #expect(recorder.out.count == 1)
        let page = try JSONSerialization.jsonObject(with: Data(recorder.out[0].utf8)) as? [String: Any]
        #expect(page?["total"] as? Int == 2)
        #expect(page?["offset"] as? Int == 1)
        #expect(recorder.err.count == 1)
        #expect(recorder.err[0].hasPrefix("cache (memory): hits 0"))
    }

    @Test func showPrintsTheCharacterAndACacheThatFailedWarnsOnce() async throws {
        let command = ShowCommand(
            id: 7, repository: repository, cache: observer(failure: "the cache failed"), format: .table, detailedStatistics: false,
            console: recorder.console)
        try await command.run()
        #expect(recorder.out.first?.hasPrefix("Stub Hero (7)\n") == true)
        #expect(recorder.err == ["CompositionRoot: warning: the cache failed; answered from the provider."])
    }

    @Test func aCharacterThatIsNotThereIsThrownAndNoCountsArePrinted() async throws {
        let command = ShowCommand(
            id: 99, repository: repository, cache: observer(), format: .table, detailedStatistics: true, console: recorder.console)
        await #expect(throws: ProviderError.notFound(id: 99)) { try await command.run() }
        #expect(recorder.out.isEmpty)
    }
}
