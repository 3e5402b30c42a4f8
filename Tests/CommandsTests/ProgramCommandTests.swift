import CommandLineKit
import CommandLineKitTesting
import Commands
import DataProviders
import Favorites
import FavoritesTesting
import Foundation
import RepositoryTesting
import Storage
import Synchronization
import Testing

@testable import Commands

/// The other commands built from doubles, without a container.
@Suite struct ProgramCommandTests {
    let recorder = ConsoleRecorder()

    /// A `CacheMaintenance` double with fixed figures, one of them text a terminal must not obey.
    struct MaintenanceSpy: CacheMaintenance {
        func statistics() throws -> [CacheFigure] {
            [CacheFigure("server", .text("redis://h\u{1B}[2J")), CacheFigure("entries", .count(3))]
        }
        func clear() throws -> String { "cleared" }
    }

    @Test func textPrintsItsText() async throws {
        try await TextCommand("Excelsior 1.0", console: recorder.console).run()
        #expect(recorder.out == ["Excelsior 1.0"])
    }

    @Test(arguments: [
        (CacheCommand.Action.statistics, OutputFormat.table, "server   redis://h\u{FFFD}[2J\nentries  3"),
        (.statistics, .json, "{\n  \"entries\" : 3,\n  \"server\" : \"redis://h\u{FFFD}[2J\"\n}"), (.clear, .table, "cleared"),
    ])
    func cacheRendersWhatTheMaintenanceItIsGivenReports(_ action: CacheCommand.Action, _ format: OutputFormat, _ expected: String)
        async throws
    {
        try await CacheCommand(action, maintenance: MaintenanceSpy(), format: format, console: recorder.console).run()
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

    @Test(arguments: GraphFormat.allCases)
    func moduleGraphIsTheOneTheManifestsGenerate(_ format: GraphFormat) async throws {
        try await GraphCommand(kind: .modules, format: format, objectGraph: { _ in "" }, console: recorder.console).run()
        let expected =
            switch format {
            case .text: ModuleGraph.text
            case .mermaid: ModuleGraph.mermaid
            case .dot: ModuleGraph.dot
            }
        #expect(recorder.out == [expected])
        #expect(expected.contains("Repository"))
    }

    @Test func graphOfModulesNamesEveryModule() async throws {
        try await GraphCommand(kind: .modules, format: .text, objectGraph: { _ in "" }, console: recorder.console).run()
        for module in ["Arguments", "Commands", "HTTP", "HTTPServer", "PayloadCoding", "SQLite", "Sockets", "Storage"] {
            #expect(recorder.out.first?.contains("\(module) (") == true, "\(module)")
        }
    }

    @Test func servePrintsWhereItServesLogsTroublesAndStopsTheServerWhenTold() async throws {
        let stopped = Mutex(false)
        let (stop, release) = AsyncStream<Void>.makeStream()
        let command = ServeCommand(console: recorder.console, stopSignal: { for await _ in stop { break } }) { log in
            log("out of descriptors")
            return RunningServer(address: "http://127.0.0.1:8080") { stopped.withLock { $0 = true } }
        }
        let serving = Task { try await command.run() }
        for _ in 0..<500 where recorder.out.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(recorder.out == ["Serving the Marvel API emulator on http://127.0.0.1:8080"])
        #expect(recorder.err == ["CompositionRoot: out of descriptors"])
        #expect(!stopped.withLock { $0 })
        release.yield()
        try await serving.value
        #expect(stopped.withLock { $0 })
    }

    @Test func serveThatCannotStartThrowsWithoutPrintingAnAddress() async throws {
        struct NoPort: Error {}
        let command = ServeCommand(console: recorder.console, stopSignal: {}) { _ in throw NoPort() }
        await #expect(throws: NoPort.self) { try await command.run() }
        #expect(recorder.out.isEmpty)
    }
}
