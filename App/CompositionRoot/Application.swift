import Client
import DataProviders
import Foundation
import Injection
import Repository
import Storage

/// Runs one invocation of the program against a container and reports what happened.
struct Application {
    /// Where the program writes: standard output and standard error, or a test's buffers.
    struct Console: Sendable {
        var out: @Sendable (String) -> Void
        var err: @Sendable (String) -> Void
    }

    let console: Console

    /// Parses `arguments`, runs the command, and returns the exit code.
    func run(_ arguments: [String]) async -> ExitCode {
        do {
            let invocation = try CommandLineParser.parse(arguments)
            try await run(invocation)
            return .ok
        } catch {
            let report = ErrorReport(error)
            console.err("CompositionRoot: \(report.message)")
            return report.exitCode
        }
    }

    private func run(_ invocation: Invocation) async throws {
        switch invocation.command {
        case .help:
            console.out(Usage.text)
        case .version:
            console.out(Usage.version)
        case .list(let offset, let limit):
            let container = try makeContainer(invocation)
            let repository: any CharacterRepository = try container.resolve()
            let page = try await repository.characters(offset: offset, limit: limit).value
            console.out(CharacterTable().render(page.results))
            console.out("Showing \(page.count) of \(page.total) characters from offset \(page.offset).")
            console.out(try statisticsLine(container, repository))
        case .show(let id):
            let container = try makeContainer(invocation)
            let repository: any CharacterRepository = try container.resolve()
            let character = try await repository.character(by: id).value
            console.out(CharacterTable().render([character]))
            console.out(try statisticsLine(container, repository))
        case .serve(let port):
            let container = try makeContainer(invocation)
            try await ServeCommand(port: port, api: try container.resolve(), console: console).run()
        }
    }

    private func makeContainer(_ invocation: Invocation) throws -> Container {
        try Container(AppComponents.all(AppConfiguration(fixturesDirectory: invocation.fixturesDirectory)))
    }

    private func statisticsLine(_ container: Container, _ repository: any CharacterRepository) throws -> String {
        let cache: any Caching = try container.resolve()
        let stats = cache.statistics
        return "cache: \(stats.hits) hits, \(stats.misses) misses, \(stats.stores) stored; "
            + "provider calls: \(repository.statistics.providerCalls)"
    }
}
