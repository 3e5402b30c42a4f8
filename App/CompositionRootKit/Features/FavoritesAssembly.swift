import Browse
import Commands
import Favorites
import Injection

extension FeatureAssembly {
    /// Favourites: the store `--store` names, opened on a thread of its own, and the service with
    /// its rules, checking characters through the repository; and `favorites …`, whose `add`
    /// records the cache's counts once it has looked the character up.
    static let favorites = FeatureAssembly(
        components: [
            Component {
                single { (resolver: AsyncResolver) async throws -> any FavoritesStore in
                    let configuration: AppConfiguration = try await resolver()
                    let store = try StoreBackends.named(configuration.store)
                    return try await OwnThread.run { try store.open(configuration) }
                }
                single { try await FavoritesService(store: $0(), repository: $0()) }
            }
        ],
        commands: { backends in
            let context = FavoritesCommandLine.Context(
                storeOptions: backends.storeOptions, storeNames: backends.stores.map(\.name), storePlaces: backends.storePlaces,
                lookUpOptions: Options.sources(backends), exitCodes: backends.exitCodes)
            return [
                FavoritesCommandLine.command(context).map { action, parsed in
                    { resolver, console in
                        let cache: CacheObserver = try await resolver()
                        return FavoritesCommand(
                            action, service: try await resolver(), format: parsed[FavoritesCommandLine.format], console: console
                        ) { cache.recordRun(warn: console.warn) }
                    }
                }
            ]
        })
}
