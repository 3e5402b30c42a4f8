import Client
import DataProviders
import Foundation
import Injection
import Repository
import Storage

/// The product's object graph, one component per module: the only place concrete types meet.
enum AppComponents {
    /// The configuration chosen on the command line.
    static func configuration(_ configuration: AppConfiguration) -> Component {
        Component { single { configuration } }
    }

    /// HTTP and the Marvel API client. The HTTP client is the offline emulator by default.
    static let client = Component {
        single { MarvelAPIClient(http: try $0()) }
    }

    /// The character source: Marvel's API shape, answered by the fixture emulator.
    static let dataProviders = Component {
        single {
            let configuration: AppConfiguration = try $0()
            let directory = try configuration.fixturesDirectory ?? FixtureSet.bundledDirectory()
            return try MarvelAPIEmulator(directory: directory) as any HTTPClient
        }
        single { MarvelCharacterProvider(api: try $0()) as any CharacterProviding }
    }

    /// Where characters are cached.
    static let storage = Component {
        single { MemoryCache() as any Caching }
    }

    /// Cache-first reads through the provider; one per container so its counts add up.
    static let repository = Component {
        single { InternalCharacterRepository(provider: try $0(), cache: try $0()) as any CharacterRepository }
    }

    /// Every component of the product, in order, for `configuration`.
    static func all(_ configuration: AppConfiguration) -> [Component] {
        [Self.configuration(configuration), client, dataProviders, storage, repository]
    }
}
