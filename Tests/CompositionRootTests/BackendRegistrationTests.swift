import Commands
import Foundation
import Injection
import TestSupport
import Testing

@testable import CompositionRoot

/// The caches, stores and sources `--cache`, `--store` and `--provider` name are registered in the composition root,
/// one entry each, and the root resolves them through the registration, never a switch.
@Suite(.onOwnThread) struct BackendRegistrationTests {
    @Test func everyCacheChoiceIsRegisteredOnce() {
        let registered = CacheBackends.all.map(\.choice.rawValue)
        #expect(registered.sorted() == CacheChoice.allCases.map(\.rawValue).sorted())
        #expect(Set(registered).count == registered.count)
    }

    /// `cache stats|clear` accept `--cache disk` or `redis`: exactly the caches registered with a maintenance.
    @Test func theMaintainedCachesAreTheOnesWithAMaintenance() {
        #expect(CacheBackends.all.filter { $0.maintenance != nil }.map(\.choice) == [.disk, .redis])
    }

    @Test func eachBackendBuildsTheCacheItNames() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-backends-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for choice in [CacheChoice.memory, .disk, .none] {
            var configuration = AppConfiguration(cacheDirectory: scratch)
            configuration.cache = choice
            let container = try Container(AppComponents.objects(configuration))
            let observer: CacheObserver = try await container.resolve()
            #expect(observer.kind == choice)
        }
    }

    @Test func everyStoreChoiceIsRegisteredOnce() {
        let registered = StoreBackends.all.map(\.choice.rawValue)
        #expect(registered.sorted() == StoreChoice.allCases.map(\.rawValue).sorted())
        #expect(Set(registered).count == registered.count)
    }

    @Test func everyProviderChoiceIsRegisteredOnce() {
        let registered = ProviderBackends.all.map(\.choice.rawValue)
        #expect(registered.sorted() == ProviderChoice.allCases.map(\.rawValue).sorted())
        #expect(Set(registered).count == registered.count)
    }

    @Test func anErrorNoBackendOwnsHasNoReport() {
        #expect(CacheBackends.report(for: CocoaError(.fileNoSuchFile)) == nil)
    }
}
