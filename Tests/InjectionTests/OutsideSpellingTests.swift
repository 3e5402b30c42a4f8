import Injection
import Testing

/// The spellings a package outside the project writes, exactly as documented, through the
/// public API alone (no `@testable`, no InjectionTesting).
@Suite struct OutsideSpellingTests {
    final class Pool: Sendable {
        let url: String

        private init(url: String) {
            self.url = url
        }

        static func connect(url: String) async throws -> Pool {
            try await Task.sleep(for: .milliseconds(1))
            return Pool(url: url)
        }
    }

    final class Service: Sendable {
        let pool: Pool

        init(pool: Pool) async throws {
            self.pool = pool
        }
    }

    @MainActor final class ScreenModel: Sendable {
        let made = "on the main actor"
    }

    @MainActor final class Toolbar: Sendable {}

    static let components = Component {
        single { "postgres://localhost/excelsior" }
        single { try await Pool.connect(url: $0()) }
        factory { try await Service(pool: $0()) }
        single(name: "spare") { try await Pool.connect(url: "postgres://spare") }
        factory(name: "spare") { (resolver: AsyncResolver) async throws -> Service in
            try await Service(pool: resolver(Pool.self, name: "spare"))
        }
        single { @MainActor () async -> ScreenModel in ScreenModel() }
        factory { @MainActor () async in Toolbar() }
    }

    @Test func asyncAndActorBoundRegistrationsResolveWithAwait() async throws {
        let container = try Container(Self.components)
        let service: Service = try await container.resolve()
        #expect(service.pool.url == "postgres://localhost/excelsior")
        #expect(service.pool === (try await container.resolve(Pool.self)))
        #expect(try await container.resolve(Service.self) !== service)
        #expect(try await container.resolve(Service.self, name: "spare").pool.url == "postgres://spare")
        let model: ScreenModel = try await container.resolve()
        #expect(model.made == "on the main actor")
        _ = try await container.resolve(Toolbar.self)
        #expect(try await container.resolve(String.self) == "postgres://localhost/excelsior")
    }

    @Test func aSynchronousResolveSaysToAwait() async throws {
        let container = try Container(Self.components)
        let error = try #require(throws: ContainerError.self) { try Self.resolveSynchronously(Service.self, from: container) }
        guard case .needsAwait(let path) = error else { throw error }
        #expect(path == [RegistrationKey(Service.self)])
    }

    @Test func theGraphNamesAsyncAndActorBoundBuilders() async throws {
        let graph = try await Container(Self.components).verify()
        #expect(graph.nodes.map(\.builder) == [.synchronous, .async, .async, .async, .async, .actor("MainActor"), .actor("MainActor")])
        #expect(
            graph.text.contains(
                "OutsideSpellingTests.Pool (single, async) → String\nOutsideSpellingTests.Service (factory, async) → OutsideSpellingTests.Pool"
            ))
        #expect(graph.text.contains("OutsideSpellingTests.ScreenModel (single, @MainActor)"))
    }

    /// The synchronous `resolve`, which async code cannot name without `await`.
    static func resolveSynchronously<T>(_ type: T.Type, from container: Container) throws -> T {
        try container.resolve(type)
    }
}
