import Arguments
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

/// The one feature of the sample program: the real favourites command, as the product registers it.
enum SampleFeatures {
    static let favorites = FavoritesCommandLine.command(
        FavoritesCommandLine.Context(
            storeOptions: ProgramBackends.sample.storeOptions, storeNames: ProgramBackends.sample.stores.map(\.name),
            storePlaces: ProgramBackends.sample.storePlaces, lookUpOptions: Options.sources(.sample),
            exitCodes: ProgramBackends.sample.exitCodes))
}

extension InvocationParser {
    /// `arguments` parsed with the sample backends and features.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try parseLine(arguments).invocation
    }

    /// `arguments` parsed with the sample backends and features, with what a feature was asked.
    static func parseLine(_ arguments: [String]) throws(UsageError) -> ProgramLine<FavoritesAction> {
        try parse(arguments, backends: .sample, features: [SampleFeatures.favorites])
    }
}

extension Declarations {
    /// The program with the sample backends and features.
    static var sampleProgram: Command { program(.sample, features: [SampleFeatures.favorites.declaration]) }
}

extension Usage {
    /// The help of `command` with the sample backends and features.
    static func text(for command: Command) -> String {
        text(for: command, with: .sample, features: [SampleFeatures.favorites.declaration])
    }

    /// The manual with the sample backends and features.
    static var manual: String { manual(with: .sample, features: [SampleFeatures.favorites.declaration]) }
}
