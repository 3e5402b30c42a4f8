import Browse
import Commands
import Foundation
import Injection
import Postgres
import TestSupport
import Testing

@testable import CompositionRootKit

/// The caches, stores and sources `--cache`, `--store` and `--provider` name are registered in the composition root,
/// one entry each, and the root resolves them through the registration, never a switch.
@Suite(.onOwnThread) struct BackendRegistrationTests {
    @Test func everyChoiceIsRegisteredOnce() {
        let caches = CacheBackends.all.map(\.name)
        let stores = StoreBackends.all.map(\.name)
        let providers = ProviderBackends.all.map(\.name)
        #expect(ProgramBackends.registered.caches.map(\.name) == caches)
        #expect(ProgramBackends.registered.stores.map(\.name) == stores)
        #expect(providers.sorted() == ProviderChoice.allCases.map(\.rawValue).sorted())
        for names in [caches, stores, providers] { #expect(Set(names).count == names.count) }
    }

    /// `cache stats|clear` accept `--cache disk` or `redis`: exactly the caches registered with a maintenance.
    @Test func theMaintainedCachesAreTheOnesWithAMaintenance() {
        #expect(CacheBackends.maintained == ["disk", "redis"])
        #expect(ProgramBackends.registered.maintainedCaches == CacheBackends.maintained)
    }

    @Test func eachBackendBuildsTheCacheItNames() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-backends-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for choice in ["memory", "disk", "none"] {
            var configuration = AppConfiguration(cacheDirectory: scratch)
            configuration.cache = choice
            let container = try Container(AppComponents.objects(configuration))
            let observer: CacheObserver = try await container.resolve()
            #expect(observer.kind == choice)
        }
    }

    /// A backend keeps its settings in `AppConfiguration.settings`, one value per type, set only
    /// when it is chosen.
    @Test func theChosenBackendSetsItsOwnSettings() throws {
        let postgres = try InvocationParser.parse(["favorites", "list", "--store", "postgres", "--database-url", "postgres://a@b/c"])
        #expect(try AppConfiguration(postgres, environment: [:]).settings[PostgresConfiguration.self] != nil)
        let sqlite = try InvocationParser.parse(["favorites", "list"])
        #expect(
            try AppConfiguration(sqlite, environment: ["EXCELSIOR_DATABASE_URL": "postgres://a@b/c"]).settings[PostgresConfiguration.self]
                == nil)
        var settings = BackendSettings()
        #expect(settings[Int.self] == nil)
        settings[Int.self] = 3
        settings[String.self] = "three"
        #expect(settings[Int.self] == 3)
        #expect(settings[String.self] == "three")
    }

    @Test func anErrorNoBackendOwnsHasNoReport() {
        #expect(CacheBackends.report(for: CocoaError(.fileNoSuchFile)) == nil)
    }
}
