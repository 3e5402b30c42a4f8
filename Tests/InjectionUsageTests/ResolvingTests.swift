import Injection
import Testing

protocol Analytics: Sendable {}
final class Console: Analytics {}
final class Service: Sendable {
    let analytics: (any Analytics)?
    init(analytics: (any Analytics)?) { self.analytics = analytics }
}

protocol Repo: Sendable {}
final class ProductionRepo: Repo {}
final class StubRepo: Repo {}

/// Resolving `T?`, and overrides that must replace something.
@Suite struct ResolvingTests {
    @Test func tryQuestionMarkForAnOptionalParameterFindsTheRegisteredType() throws {
        let container = try Container(
            Component {
                single { Console() as any Analytics }
                factory { Service(analytics: try? $0()) }
            })
        #expect(try container.resolve(Service.self).analytics is Console)
        let direct: (any Analytics)? = try container.resolve()
        #expect(direct is Console)
    }

    @Test func anOptionalIsNilOnlyWhenNothingIsRegistered() async throws {
        let container = try Container(Component { factory { Service(analytics: try? $0()) } })
        #expect(try await container.async.resolve(Service.self).analytics == nil)
        let direct: (any Analytics)? = try await container.async.resolve()
        #expect(direct == nil)
    }

    @Test func anOverrideThatForgetsItsProtocolIsAnErrorNamingWhatItMeant() throws {
        let production = Component { single { ProductionRepo() as any Repo } }
        let error = try #require(throws: ContainerError.self) {
            try Container(production, overriding: Component { single { StubRepo() } })
        }
        guard case .overridesNothing(let overrides) = error else { throw error }
        #expect(overrides.first?.meant == RegistrationKey((any Repo).self))
        #expect(error.description.contains("StubRepo replaces no registration; did you mean Repo?"), "\(error)")
    }

    @Test func anOverrideAsItsProtocolReplacesProduction() throws {
        let production = Component { single { ProductionRepo() as any Repo } }
        let container = try Container([production], overriding: Component { single { StubRepo() as any Repo } })
        #expect(try container.resolve((any Repo).self) is StubRepo)
    }
}
