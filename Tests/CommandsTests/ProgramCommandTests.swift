import Commands
import DataProviders
import Favorites
import FavoritesTesting
import Foundation
import HTTP
import HTTPTesting
import RepositoryTesting
import Storage
import Testing

/// The other commands built from doubles, without a container.
@Suite struct ProgramCommandTests {
    let recorder = ConsoleRecorder()

    /// A `CacheMaintenance` double that says what it was asked.
    struct MaintenanceSpy: CacheMaintenance {
        func statistics(format: OutputFormat) throws -> String { "statistics as \(format.rawValue)" }
        func clear() throws -> String { "cleared" }
    }

    @Test func textPrintsItsText() async throws {
        try await TextCommand("Excelsior 1.0", console: recorder.console).run()
        #expect(recorder.out == ["Excelsior 1.0"])
    }

    @Test(arguments: [(CacheCommand.Action.statistics, "statistics as json"), (.clear, "cleared")])
    func cacheDoesItsActionOnTheMaintenanceItIsGiven(_ action: CacheCommand.Action, _ expected: String) async throws {
        try await CacheCommand(action, maintenance: MaintenanceSpy(), format: .json, console: recorder.console).run()
        #expect(recorder.out == [expected])
    }

    @Test func diskStatisticsOfADirectoryThatIsNotThereCreateNothing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-absent-\(UUID().uuidString)")
        let maintenance = DiskCacheMaintenance(directory: directory, warn: { _ in })
        try await CacheCommand(.statistics, maintenance: maintenance, format: .table, console: recorder.console).run()
        #expect(recorder.out.first?.contains("entries    0") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test(arguments: GraphFormat.allCases)
    func graphDrawsTheObjectsInTheFormatAsked(_ format: GraphFormat) async throws {
        let command = GraphCommand(kind: .objects, format: format, objectGraph: { "objects as \($0.rawValue)" }, console: recorder.console)
        try await command.run()
        #expect(recorder.out == ["objects as \(format.rawValue)"])
    }

    @Test func graphOfModulesNamesEveryModule() async throws {
        try await GraphCommand(kind: .modules, format: .text, objectGraph: { _ in "" }, console: recorder.console).run()
        for module in ["Arguments", "Commands", "HTTP", "HTTPServer", "PayloadCoding", "SQLite", "Sockets", "Storage"] {
            #expect(recorder.out.first?.contains("\(module) (") == true, "\(module)")
        }
    }

    @Test func favoritesAddListAndRemoveThroughTheService() async throws {
        let service = FavoritesService(
            store: InMemoryFavoritesStore(), repository: CharacterRepositoryStub([Character.sample(id: 7, name: "Stub Hero")]))
        let cache = CacheObserver(kind: .memory, cache: MemoryCache())
        for action in [FavoritesAction.add(id: 7, note: "kept", rating: 5), .list, .remove(id: 7)] {
            try await FavoritesCommand(action, service: service, cache: cache, format: .table, console: recorder.console).run()
        }
        #expect(recorder.out.first == "Added Stub Hero (7) to the favourites.")
        #expect(recorder.out.contains("1 favourite."))
        #expect(recorder.out.last == "Removed Stub Hero (7) from the favourites.")
        #expect(try service.list().isEmpty)
    }

    @Test func serveAnswersWithItsAPIUntilToldToStop() async throws {
        let api = HTTPClientStub(responses: [HTTPResponse(statusCode: 200, body: Data("emulated".utf8))])
        let (stop, release) = AsyncStream<Void>.makeStream()
        let command = ServeCommand(
            port: 0, maxConnections: 4, requestTimeout: .seconds(60), api: api, console: recorder.console,
            stopSignal: { for await _ in stop { break } })
        let serving = Task { try await command.run() }
        var address: URL?
        for _ in 0..<500 where address == nil {
            address = recorder.out.first.flatMap { URL(string: String($0.split(separator: " ").last ?? "")) }
            if address == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let url = try #require(address)
        let response = try await PlainHTTPClient(timeout: 60).send(HTTPRequest(url: url.appendingPathComponent("v1/public/characters")))
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "emulated")
        release.yield()
        try await serving.value
        #expect(api.requests.count == 1)
    }
}
