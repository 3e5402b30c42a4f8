@testable import CompositionRoot
import DataProviders
import Injection
import Repository
import RepositoryTesting
import Storage
import Testing

@Suite struct CompositionTests {
    @Test func productionGraphBuildsCompletely() throws {
        let container = try Container(AppComponents.all(AppConfiguration()))
        let graph = try container.verify()
        #expect(graph.text.contains("CharacterRepository (single) → CharacterProviding, Caching"))
    }

    @Test func aTestCanSwapTheRepositoryForADouble() async throws {
        let double = CharacterRepositoryStub([Character(id: 1, name: "Stub Hero")])
        let container = try Container(AppComponents.all(AppConfiguration()) + [Component { single { double as any CharacterRepository } }])
        let repository: any CharacterRepository = try container.resolve()
        #expect(try await repository.character(by: 1).value.name == "Stub Hero")
    }

    @Test func parserReadsEveryFlagForm() throws {
        #expect(try CommandLineParser.parse([]) == Invocation(command: .list(offset: 0, limit: 20)))
        #expect(try CommandLineParser.parse(["list", "--offset=5", "--limit", "7"]) == Invocation(command: .list(offset: 5, limit: 7)))
        #expect(try CommandLineParser.parse(["show", "42"]) == Invocation(command: .show(id: 42)))
    }
}
