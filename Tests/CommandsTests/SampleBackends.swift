import Arguments
import Browse
import CommandLineKit
import Favorites

@testable import Commands

extension ProgramBackends {
    /// Backends shaped as the product registers them (Commands sees only their declarations):
    /// four caches, two of them maintained, and two stores, two of them with an option only they read.
    static let sample = ProgramBackends(
        caches: [
            BackendDeclaration("memory", summary: "this run only"),
            BackendDeclaration("disk", summary: "files", options: [SampleOptions.directory]),
            BackendDeclaration("redis", summary: "a server", options: [SampleOptions.redisURL], needingIt: [SampleOptions.redisURL]),
            BackendDeclaration("none", summary: "nowhere"),
        ],
        maintainedCaches: ["disk", "redis"],
        stores: [
            BackendDeclaration("sqlite", summary: "a file in the data directory", options: [SampleOptions.dataDirectory]),
            BackendDeclaration(
                "postgres", summary: "a PostgreSQL database", options: [SampleOptions.databaseURL], needingIt: [SampleOptions.databaseURL]),
        ])
}

/// The options the sample backends read.
enum SampleOptions {
    static let directory: TypedOption<String?> = .path("--cache-dir", help: "The disk cache.")
    static let redisURL: TypedOption<String?> = .text("--redis-url", placeholder: "URL", help: "The Redis server for --cache redis.")
    static let dataDirectory: TypedOption<String?> = .path("--data-dir", help: "Where the data lives.")
    static let databaseURL: TypedOption<String?> = .text("--database-url", placeholder: "URL", help: "The database for --store postgres.")
}

/// What a command of the sample program asks: the product's commands, each read by its own reader.
enum SampleRequest: Equatable, Sendable {
    case list(ListCommand.Request)
    case show(ShowCommand.Request)
    case serve(ProgramCommands.Serve)
    case graph(ProgramCommands.Graph)
    case cache(ProgramCommands.Cache)
    case favorites(FavoritesAction)
}

/// The sample program's commands, in the product's order: the real ones, as the product registers them.
enum SampleCommands {
    static let all = commands(for: .sample)

    /// The product's commands, declared for `backends`.
    static func commands(for backends: ProgramBackends) -> [FeatureCommand<SampleRequest>] {
        let browse = BrowseCommandLine.Context(sourceOptions: Options.sources(backends))
        let favorites = FavoritesCommandLine.Context(
            storeOptions: backends.storeOptions, storeNames: backends.stores.map(\.name), storePlaces: backends.storePlaces,
            lookUpOptions: Options.sources(backends), exitCodes: backends.exitCodes)
        return [
            ListCommand.command(browse).map { request, _ in .list(request) },
            ShowCommand.command(browse).map { request, _ in .show(request) },
            ProgramCommands.serve.map { request, _ in .serve(request) },
            ProgramCommands.graph(backends).map { request, _ in .graph(request) },
            ProgramCommands.cache(backends).map { request, _ in .cache(request) },
            FavoritesCommandLine.command(favorites).map { action, _ in .favorites(action) },
        ]
    }

    static var declarations: [Command] { all.map(\.declaration) }
}

extension InvocationParser {
    /// `arguments` parsed with the sample backends and commands.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try parseLine(arguments).invocation
    }

    /// `arguments` parsed with the sample backends and commands, with what the command asks.
    static func parseLine(_ arguments: [String]) throws(UsageError) -> ProgramLine<SampleRequest> {
        try parse(arguments, backends: .sample, commands: SampleCommands.all)
    }

    /// `arguments` parsed with `backends` and the product's commands declared for them.
    static func parse(_ arguments: [String], backends: ProgramBackends) throws(UsageError) -> Invocation {
        try parse(arguments, backends: backends, commands: SampleCommands.commands(for: backends)).invocation
    }

    /// What the command `arguments` name asks, read with the sample backends.
    static func request(_ arguments: [String]) throws(UsageError) -> SampleRequest? {
        try parseLine(arguments).command
    }
}

extension Declarations {
    /// The program with the sample backends and commands.
    static var sampleProgram: Command { program(.sample, commands: SampleCommands.declarations) }
}

extension Usage {
    /// The help of `command` with the sample backends and commands.
    static func text(for command: Command) -> String {
        Declarations.sampleProgram.help(for: command)
    }

    /// The manual with the sample backends and commands.
    static var manual: String { manual(with: .sample) }

    /// The manual with `backends` and the product's commands declared for them.
    static func manual(with backends: ProgramBackends) -> String {
        manual(with: backends, commands: SampleCommands.commands(for: backends).map(\.declaration))
    }
}
