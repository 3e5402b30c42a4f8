import DataProviders
import Foundation
import Injection
import Repository
import RepositoryTesting
import Storage
import Testing

@testable import CompositionRoot

@Suite struct CompositionTests {
    let configuration = AppConfiguration(cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-unused"))

    @Test func productionGraphBuildsCompletely() throws {
        let graph = try Container(AppComponents.all(configuration)).verify()
        #expect(graph.text.contains("CharacterRepository (single) → AppConfiguration, CharacterProviding, Caching"))
        #expect(graph.text.contains("MarvelAPIClient (single) → AppConfiguration, HTTPClient"))
    }

    @Test(arguments: [CacheChoice.memory, .none])
    func everyCacheChoiceComposes(_ cache: CacheChoice) throws {
        var configuration = configuration
        configuration.cache = cache
        try Container(AppComponents.all(configuration)).verify()
    }

    @Test func marvelProviderComposesWithKeys() throws {
        var configuration = configuration
        configuration.provider = .marvel
        configuration.baseURL = URL(string: "http://127.0.0.1:9")!
        try Container(AppComponents.all(configuration)).verify()
    }

    @Test func aTestCanSwapTheRepositoryForADouble() async throws {
        let double = CharacterRepositoryStub([Character(id: 1, name: "Stub Hero")])
        let container = try Container(AppComponents.all(configuration) + [Component { single { double as any CharacterRepository } }])
        let repository: any CharacterRepository = try container.resolve()
        #expect(try await repository.character(by: 1).value.name == "Stub Hero")
    }

    @Test func parserReadsEveryFlagForm() throws {
        #expect(try CommandLineParser.parse([]).command == .list(offset: 0, limit: 20, query: CharacterQuery()))
        #expect(
            try CommandLineParser.parse(["list", "--offset=5", "--limit", "7", "--name-starts-with", "sp"]).command
                == .list(offset: 5, limit: 7, query: CharacterQuery(nameStartsWith: "sp")))
        let every = [
            "--name", "Thor", "--modified-since", "2014-01-01", "--comics", "1,2", "--series", "3", "--events", "4",
            "--stories", "5", "--order-by", "-modified,name",
        ]
        #expect(
            try CommandLineParser.parse(["list"] + every).command
                == .list(
                    offset: 0, limit: 20,
                    query: CharacterQuery(
                        name: "Thor", modifiedSince: "2014-01-01", comics: "1,2", series: "3", events: "4", stories: "5",
                        orderBy: "-modified,name")))
        #expect(try CommandLineParser.parse(["show", "42", "--format", "json"]).format == .json)
        #expect(try CommandLineParser.parse(["graph", "--objects", "--format", "dot"]).command == .graph(.objects, .dot))
        #expect(try CommandLineParser.parse(["cache", "clear"]).command == .cacheClear)
    }

    @Test func marvelProviderWithoutKeysIsAUsageErrorNamingTheVariables() throws {
        let invocation = try CommandLineParser.parse(["--provider", "marvel"])
        #expect(throws: UsageError(message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables."))
        {
            try AppConfiguration.make(invocation, environment: ["MARVEL_PUBLIC_KEY": "only-one"])
        }
    }

    @Test func cacheDirectoryFollowsXDGThenHome() {
        #expect(AppConfiguration.defaultCacheDirectory(["XDG_CACHE_HOME": "/xdg", "HOME": "/home/me"])?.path == "/xdg/excelsior")
        #expect(
            AppConfiguration.defaultCacheDirectory(["XDG_CACHE_HOME": "relative", "HOME": "/home/me"])?.path == "/home/me/.cache/excelsior")
        #expect(AppConfiguration.defaultCacheDirectory(["HOME": "/home/me"])?.path == "/home/me/.cache/excelsior")
    }

    @Test(arguments: ["", "relative/home"])
    func aHomeThatIsNotAnAbsolutePathIsNeverTheCurrentDirectory(_ home: String) {
        let directory = AppConfiguration.defaultCacheDirectory(["HOME": home])
        #expect(
            directory.map { $0.path.hasPrefix("/") && !$0.path.hasPrefix(FileManager.default.currentDirectoryPath + "/.cache") } ?? true)
    }
}
