import Browse
import Client
import CommandLineKit
import Commands
import DataProviders
import Emulator
import Favorites
import Foundation
import HTTPTypes
import Injection
import MarvelDataProviders
import Repository
import Storage

/// The product's object graph, one component per module: the only place concrete types meet.
public enum AppComponents {
    /// The configuration chosen on the command line.
    static func configuration(_ configuration: AppConfiguration) -> Component {
        Component { single { configuration } }
    }

    /// HTTP and the Marvel API client: the emulator (which `serve` serves), and the HTTP client of
    /// the source `--provider` names, from `ProviderBackends`.
    static let client = Component {
        single { (resolver: Resolver) -> MarvelAPIEmulator in
            try (resolver() as AppConfiguration).makeEmulator()
        }
        single { (resolver: Resolver) -> any HTTPClient in
            let configuration: AppConfiguration = try resolver()
            return try ProviderBackends.named(configuration.provider).http(configuration)
        }
        single { (resolver: Resolver) -> MarvelAPIClient in
            let configuration: AppConfiguration = try resolver()
            return MarvelAPIClient(
                http: try resolver(), baseURL: configuration.baseURL, authorization: configuration.settings[MarvelAuthorization.self])
        }
    }

    /// The character source: Marvel's API, whichever server answers it.
    static let dataProviders = Component {
        single { MarvelCharacterProvider(api: try $0()) as any CharacterProviding }
    }

    /// Where characters are cached: the backend `--cache` names, from `CacheBackends`, built by an
    /// async builder (the disk cache creates and reads its folder, on a thread of its own).
    static let caching = Component {
        single { (resolver: AsyncResolver) async throws -> any Caching in
            let configuration: AppConfiguration = try await resolver()
            return try await CacheBackends.named(configuration.cache).make(configuration, resolver)
        }
    }

    /// What a run reports of its cache, as its backend says.
    static let cacheReport = Component {
        single { (resolver: AsyncResolver) async throws -> CacheObserver in
            let configuration: AppConfiguration = try await resolver()
            return try await CacheBackends.named(configuration.cache).observe(configuration, resolver)
        }
    }

    /// Cache-first reads through the provider; one per container so its counts add up. Async,
    /// as the cache it reads through is.
    static let repository = Component {
        single { (resolver: AsyncResolver) async throws -> any CharacterRepository in
            let configuration: AppConfiguration = try await resolver()
            return InternalCharacterRepository(provider: try await resolver(), cache: try await resolver(), policy: configuration.policy)
        }
    }

    /// The command `line` asks for, built from the container's objects by the builder its
    /// command's assembly read; `--help` and `--version` print their text.
    static func command(_ line: ProgramLine<FeatureAssembly.Build>, console: Console) -> Component {
        Component {
            single { (resolver: AsyncResolver) async throws -> any ProgramCommand in
                if let build = line.command { return try await build(resolver, console) }
                if case .help(let text) = line.invocation.request { return TextCommand(text, console: console) }
                return TextCommand(Usage.version, console: console)
            }
        }
    }

    /// The objects every read uses: what `graph --objects` draws.
    static func objects(_ configuration: AppConfiguration) -> [Component] {
        [Self.configuration(configuration), client, dataProviders, caching] + CacheBackends.components + [cacheReport, repository]
    }

    /// Every component of the program, for the command `line` asks in `configuration`, writing on
    /// `console`: the objects every read uses, every feature's, and the command's.
    public static func all(
        _ configuration: AppConfiguration, line: ProgramLine<FeatureAssembly.Build>, console: Console
    ) -> [Component] {
        objects(configuration) + FeatureAssembly.all.flatMap(\.components) + [command(line, console: console)]
    }

    /// The command for this run, resolved with `await`: its builder is async, and top-level code
    /// would pick the synchronous `resolve` even after `await`.
    public static func resolveCommand(in container: Container) async throws -> any ProgramCommand {
        try await container.resolve()
    }

    /// The object graph of `objects(configuration)`, in `format`, async builders built too.
    static func drawObjects(_ configuration: AppConfiguration, _ format: GraphFormat) async throws -> String {
        let graph = try await Container(objects(configuration)).verify()
        switch format {
        case .text: return graph.text
        case .mermaid: return graph.mermaid
        case .dot: return graph.dot
        }
    }
}
