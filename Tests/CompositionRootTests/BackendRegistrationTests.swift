import Browse
import Commands
import Foundation
import Injection
import Postgres
import SQLite
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
        #expect(StoreBackends.report(for: CocoaError(.fileNoSuchFile)) == nil)
    }

    /// A feature's own adapter over a store's technology throws that technology's errors: they
    /// get the exit codes the favourites on it get for the same failures.
    @Test func aStoresTechnologyErrorsGetTheExitCodesOfItsFavorites() {
        let unreachable = PostgresError(kind: .unreachable, message: "connection refused", target: "me@db:5432/app")
        #expect(
            AppErrors.report(for: unreachable)
                == ErrorReport(message: "The database failed: PostgreSQL me@db:5432/app: connection refused.", exitCode: .unavailable))
        #expect(AppErrors.report(for: PostgresError(kind: .timeout, message: "slow"))?.exitCode == .temporaryFailure)
        #expect(AppErrors.report(for: PostgresError(kind: .authentication, message: "no"))?.exitCode == .permissionDenied)
        #expect(AppErrors.report(for: PostgresError(kind: .databaseNotFound, message: "none"))?.exitCode == .usage)
        let locked = SQLiteError(code: 5, message: "database is locked", path: "/data/forecasts.sqlite")
        #expect(
            AppErrors.report(for: locked)
                == ErrorReport(
                    message: "The database failed: /data/forecasts.sqlite: database is locked (SQLite code 5).", exitCode: .temporaryFailure
                ))
        #expect(AppErrors.report(for: SQLiteError(code: 11, message: "malformed", path: "f.sqlite"))?.exitCode == .dataError)
    }
}
