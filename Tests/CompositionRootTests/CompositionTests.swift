import Browse
import CommandLineKit
import Commands
import DataProviders
import Favorites
import Foundation
import Injection
import Repository
import RepositoryTesting
import TestSupport
import Testing

@testable import CompositionRootKit

@Suite(.onOwnThread) struct CompositionTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-composition-\(UUID().uuidString)")
    var configuration: AppConfiguration {
        var configuration = AppConfiguration(cacheDirectory: scratch.appendingPathComponent("cache"))
        configuration.dataDirectory = scratch.appendingPathComponent("data")
        return configuration
    }
    let console = Console(out: { _ in }, err: { _ in })

    @Test func productionGraphBuildsCompletely() async throws {
        let graph = try await Container(AppComponents.objects(configuration)).verify()
        #expect(graph.text.contains("CharacterRepository (single, async) → AppConfiguration, CharacterProviding, Caching"))
        #expect(graph.text.contains("Caching (single, async) → AppConfiguration"))
        #expect(graph.text.contains("MarvelAPIClient (single) → AppConfiguration, HTTPClient"))
    }

    /// Every cache kind composes the whole program, favourites and the command included.
    @Test(arguments: CacheBackends.all.map(\.name))
    func everyCacheChoiceComposes(_ cache: String) async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        var configuration = configuration
        configuration.cache = cache
        let line = try FeatureAssembly.parse(["list", "--limit", "5"])
        let graph = try await Container(AppComponents.all(configuration, line: line, console: console)).verify()
        #expect(graph.text.contains("ProgramCommand (single, async) → CharacterRepository, CacheObserver"))
        #expect(graph.text.contains("CacheObserver (single, async) → AppConfiguration, "))
    }

    @Test func marvelProviderComposesWithKeys() async throws {
        var configuration = configuration
        configuration.provider = .marvel
        configuration.baseURL = URL(string: "http://127.0.0.1:9")!
        try await Container(AppComponents.objects(configuration)).verify()
    }

    @Test func aTestCanSwapTheRepositoryForADouble() async throws {
        let double = CharacterRepositoryStub([Character(id: 1, name: "Stub Hero")])
        let container = try Container(
            AppComponents.objects(configuration), overriding: Component { single { double as any CharacterRepository } })
        let repository: any CharacterRepository = try await container.async.resolve()
        #expect(try await repository.character(by: 1).value.name == "Stub Hero")
    }

    /// Each command the program declares is built, by its assembly's builder, as its own type.
    @Test func eachCommandResolvesAsItself() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines: [([String], any ProgramCommand.Type)] = [
            (["list", "--limit", "1"], ListCommand.self), (["show", "1"], ShowCommand.self), (["serve", "--port", "0"], ServeCommand.self),
            (["graph", "--objects"], GraphCommand.self), (["cache", "stats"], CacheCommand.self),
            (["favorites", "list"], FavoritesCommand.self), (["--version"], TextCommand.self), (["--help"], TextCommand.self),
        ]
        for (arguments, type) in lines {
            var configuration = configuration
            // The parser gives `cache` commands a cache that has a maintenance (disk by default).
            if arguments.first == "cache" { configuration.cache = "disk" }
            let container = try Container(AppComponents.all(configuration, line: try FeatureAssembly.parse(arguments), console: console))
            let command: any ProgramCommand = try await container.resolve()
            #expect(Swift.type(of: command) == type, "\(arguments)")
        }
    }

    @Test func marvelProviderWithoutKeysIsAUsageErrorNamingTheVariables() throws {
        let invocation = try InvocationParser.parse(["--provider", "marvel"])
        #expect(throws: UsageError(message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables."))
        {
            try AppConfiguration(invocation, environment: ["MARVEL_PUBLIC_KEY": "only-one"])
        }
    }

    @Test func cacheDirectoryFollowsXDGThenHome() {
        func directory(_ environment: [String: String]) -> String? {
            AppConfiguration.xdgDirectory("XDG_CACHE_HOME", else: ".cache", environment)?.path
        }
        #expect(directory(["XDG_CACHE_HOME": "/xdg", "HOME": "/home/me"]) == "/xdg/excelsior")
        #expect(directory(["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]) == "/home/me/.cache/excelsior")
        #expect(directory(["HOME": "/home/me"]) == "/home/me/.cache/excelsior")
    }

    @Test(arguments: ["", "relative/home"])
    func aHomeThatIsNotAnAbsolutePathIsNeverTheCurrentDirectory(_ home: String) {
        let directory = AppConfiguration.xdgDirectory("XDG_CACHE_HOME", else: ".cache", ["HOME": home])
        #expect(
            directory.map { $0.path.hasPrefix("/") && !$0.path.hasPrefix(FileManager.default.currentDirectoryPath + "/.cache") } ?? true)
    }
}
