import Client
import DataProviders
import Emulator
import Foundation
import Injection
import Repository
import Storage

/// Runs one invocation of the program and reports what happened, as text and an exit code.
struct Application {
    /// Where the program writes: standard output and standard error, or a test's buffers.
    struct Console: Sendable {
        var out: @Sendable (String) -> Void
        var err: @Sendable (String) -> Void
    }

    let console: Console
    let environment: [String: String]
    var terminal = Terminal.plain

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
        case .help(let subcommand):
            console.out(subcommand.map(Usage.text(for:)) ?? Usage.text)
        case .version:
            console.out(Usage.version)
        case .list(let offset, let limit, let query):
            try await browse(invocation) { repository in
                let fetched = try await repository.characters(offset: offset, limit: limit, query: query)
                let page = fetched.value
                if invocation.format == .json {
                    console.out(try CharacterJSON.text(CharacterJSON.Page(page)))
                } else {
                    console.out(CharacterTable(terminal: terminal).render(page.results))
                    console.out("Showing \(page.count) of \(page.total) characters from offset \(page.offset).")
                }
                return fetched.isStale ? fetched.storedAt : nil
            }
        case .show(let id):
            try await browse(invocation) { repository in
                let fetched = try await repository.character(by: id)
                if invocation.format == .json {
                    console.out(try CharacterJSON.text(CharacterJSON.Item(fetched.value)))
                } else {
                    console.out(CharacterDetail(width: terminal.columns, terminal: terminal).render(fetched.value))
                }
                return fetched.isStale ? fetched.storedAt : nil
            }
        case .serve(let port, let maxConnections, let requestTimeout):
            let container = try Container(AppComponents.all(try configuration(invocation)))
            let emulator: MarvelAPIEmulator = try container.resolve()
            let command = ServeCommand(
                port: port, maxConnections: maxConnections, requestTimeout: .seconds(requestTimeout), api: emulator, console: console)
            try await command.run()
        case .graph(let kind, let format):
            console.out(try GraphCommand(kind: kind, format: format).render(try configuration(invocation)))
        case .cacheStats:
            console.out(try CacheCommand(configuration: try configuration(invocation), format: invocation.format, warn: warn).statistics())
        case .cacheClear:
            console.out(try CacheCommand(configuration: try configuration(invocation), format: invocation.format, warn: warn).clear())
        case .favorites(let action):
            guard let dataDirectory = invocation.dataDirectory ?? AppConfiguration.defaultDataDirectory(environment) else {
                throw UsageError(
                    message: "HOME is not an absolute path, so there is no default data directory; set HOME or pass --data-dir DIR.")
            }
            try await FavoritesCommand(
                configuration: try configuration(invocation), dataDirectory: dataDirectory, format: invocation.format, console: console,
                terminal: terminal, warn: warn
            ).run(action)
        }
    }

    /// One warning line on standard error, `text` made safe for the terminal.
    private func warn(_ text: String) {
        console.err(terminal.warning("CompositionRoot: warning: \(TerminalText.safe(text))."))
    }

    private func configuration(_ invocation: Invocation) throws -> AppConfiguration {
        try AppConfiguration.make(invocation, environment: environment)
    }

    /// Builds the object graph, runs `read` (which prints and returns the stored-at date of a
    /// stale answer, if it gave one), then reports staleness and statistics.
    private func browse(
        _ invocation: Invocation,
        _ read: (any CharacterRepository) async throws -> Date?
    ) async throws {
        let configuration = try configuration(invocation)
        let container = try Container(AppComponents.all(configuration))
        let repository: any CharacterRepository = try container.resolve()
        let cache: any Caching = try container.resolve()
        let outcome: Result<Date?, any Error>
        do {
            outcome = .success(try await read(repository))
        } catch {
            outcome = .failure(error)
        }
        CacheLedger.record(cache.statistics, for: configuration, warn: warn)
        if let warning = CacheWarning.text(for: cache) { warn(warning) }
        if case .success(let staleSince?) = outcome {
            let since = MarvelDate.iso8601(staleSince)
            warn("the provider is unavailable; showing the cached copy from \(since)")
        }
        let report = StatisticsReport(cacheKind: configuration.cache.rawValue, cache: cache.statistics, repository: repository.statistics)
        if case .success = outcome {
            if invocation.format == .table { console.out(terminal.dim(report.summary)) }
            if invocation.detailedStatistics {
                invocation.format == .table ? console.out(report.details) : console.err(report.details)
            }
        }
        _ = try outcome.get()
    }
}
