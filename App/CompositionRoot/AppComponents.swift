import Client
import DataProviders
import Emulator
import Foundation
import HTTP
import Injection
import Redis
import Repository
import Storage

/// The product's object graph, one component per module: the only place concrete types meet.
enum AppComponents {
    /// The configuration chosen on the command line.
    static func configuration(_ configuration: AppConfiguration) -> Component {
        Component { single { configuration } }
    }

    /// HTTP and the Marvel API client: for a real server, a plain socket for `http://` (it never
    /// inflates, so 8 MiB bounds memory too) or URLSession for `https://`, with retries and ETags,
    /// the whole call within `--timeout`;
    /// or the in-process emulator, which loads its fixtures only when a request needs them.
    static let client = Component {
        single { (resolver: Resolver) -> MarvelAPIEmulator in
            try (resolver() as AppConfiguration).makeEmulator()
        }
        single { (resolver: Resolver) -> any HTTPClient in
            let configuration: AppConfiguration = try resolver()
            guard configuration.provider == .marvel else {
                return LazyHTTPClient { try configuration.makeEmulator() }
            }
            let idle = min(10, configuration.timeout / .seconds(1))
            let transport: any HTTPClient =
                configuration.baseURL.scheme?.lowercased() == "http"
                ? PlainHTTPClient(timeout: idle) : URLSessionHTTPClient(timeout: idle)
            let network = ETagHTTPClient(transport)
            let retrying = RetryingHTTPClient(network, policy: RetryPolicy(maxRetries: 2, initialDelay: .milliseconds(200)))
            return DeadlineHTTPClient(retrying, limit: configuration.timeout)
        }
        single { (resolver: Resolver) -> MarvelAPIClient in
            let configuration: AppConfiguration = try resolver()
            return MarvelAPIClient(http: try resolver(), baseURL: configuration.baseURL, authorization: configuration.authorization)
        }
    }

    /// The character source: Marvel's API, whichever server answers it.
    static let dataProviders = Component {
        single { MarvelCharacterProvider(api: try $0()) as any CharacterProviding }
    }

    /// Where characters are cached: memory, disk (memory in front of disk), Redis or nowhere.
    static let storage = Component {
        single { (resolver: Resolver) -> any Caching in
            let configuration: AppConfiguration = try resolver()
            switch configuration.cache {
            case .memory: return MemoryCache()
            case .disk: return HybridCache(disk: try DiskCache(directory: try configuration.entriesDirectory()))
            case .none: return DiscardingCache()
            case .redis: return configuration.makeRedisCache()
            }
        }
    }

    /// Cache-first reads through the provider; one per container so its counts add up.
    static let repository = Component {
        single { (resolver: Resolver) -> any CharacterRepository in
            let configuration: AppConfiguration = try resolver()
            return InternalCharacterRepository(provider: try resolver(), cache: try resolver(), policy: configuration.policy)
        }
    }

    /// Every component of the product, in order, for `configuration`.
    static func all(_ configuration: AppConfiguration) -> [Component] {
        [Self.configuration(configuration), client, dataProviders, storage, repository]
    }
}
