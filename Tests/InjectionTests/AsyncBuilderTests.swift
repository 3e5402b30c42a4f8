import Injection
import InjectionTesting
import Testing

/// Async and actor-bound builders: built once however many tasks wait, nothing cached after a
/// failure, a cancelled waiter cancelling nothing, cycles found, and a synchronous resolve that
/// refuses them. No test blocks a thread: builders wait with `Task.sleep`.
@Suite(.timeLimit(.minutes(1))) struct AsyncBuilderTests {
    @Test func aHundredTasksWaitingOnASleepingBuilderGetOneInstance() async throws {
        let builds = BuildCounter()
        let container = try Container(
            Component {
                single { () async throws -> any Engine in
                    builds.tick()
                    try await Task.sleep(for: .milliseconds(50))
                    return V8()
                }
            })
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try await container.resolve((any Engine).self) as AnyObject) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(builds.count == 1)
        #expect(identities.count == 1)
    }

    @Test func aBuilderThatThrowsLeavesNothingCachedAndTheNextResolveBuildsAgain() async throws {
        let attempts = BuildCounter()
        let container = try Container(
            Component {
                single { () async throws -> any Engine in
                    try await Task.sleep(for: .milliseconds(1))
                    if attempts.tick() == 1 { throw BuildFailure() }
                    return V8()
                }
            })
        let error = try await #require(throws: ContainerError.self) { try await container.resolve((any Engine).self) }
        #expect(error.underlyingError is BuildFailure)
        #expect(error.description == "Building Engine failed: BuildFailure()")
        let first: any Engine = try await container.resolve()
        let second: any Engine = try await container.resolve()
        #expect(first as AnyObject === second as AnyObject)
        #expect(attempts.count == 2)
    }

    @Test func aCancelledWaiterCancelsNeitherTheBuildNorTheOthersWaits() async throws {
        let builds = BuildCounter()
        let finished = BuildCounter()
        let container = try Container(
            Component {
                single { () async throws -> any Engine in
                    builds.tick()
                    try await Task.sleep(for: .milliseconds(200))
                    finished.tick()
                    return V8()
                }
            })
        // The patient caller starts the build, so it waits whether or not the other has joined
        // when it is cancelled (the last waiter to leave would stop the build).
        let waiting = Task.detached { try await container.resolve((any Engine).self) }
        while builds.count == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let cancelled = Task.detached { try await container.resolve((any Engine).self) }
        try await Task.sleep(for: .milliseconds(50))
        cancelled.cancel()
        let engine = try await waiting.value
        _ = try? await cancelled.value
        #expect(builds.count == 1)
        #expect(finished.count == 1)
        #expect(engine as AnyObject === (try await container.resolve((any Engine).self)) as AnyObject)
    }

    @Test func aSynchronousResolveOfAnAsyncRegistrationSaysToAwaitIt() async throws {
        let container = try Container(
            Component {
                single { () async -> any Engine in V8() }
                single { Alloys() as any Wheels }
                factory { Sedan(engine: try $0(), wheels: try $0()) as any Car }
            })
        _ = try await container.resolve((any Engine).self)
        let direct = try #require(throws: ContainerError.self) { try container.resolveSynchronously((any Engine).self) }
        #expect(
            direct.description
                == "Engine has an async builder: resolve it with `try await container.resolve()` "
                + "(verify with `try await container.verify()`).")
        let below = try #require(throws: ContainerError.self) { try container.resolveSynchronously((any Car).self) }
        guard case .needsAwait(let path) = below else { throw BuildFailure() }
        #expect(path.map(\.description) == ["Car", "Engine"])
        #expect(below.description.hasPrefix("Building Car → Engine needs await: Engine has an async builder, so every builder"))
        // With `await` too, a synchronous builder cannot resolve an async registration.
        await #expect(throws: ContainerError.self) { try await container.resolve((any Car).self) }
    }

    @Test func asyncBuildersResolveSynchronousAndAsyncRegistrationsAlike() async throws {
        let container = try Container(
            Component {
                single { () async -> any Engine in V8() }
                single { Alloys() as any Wheels }
                factory { try await Sedan(engine: $0(), wheels: $0()) as any Car }
                single { try await Garage(car: $0()) }
            })
        let garage: Garage = try await container.resolve()
        #expect(garage.car.engine as AnyObject === (try await container.resolve((any Engine).self)) as AnyObject)
        #expect(try await container.resolve((any Car).self) as AnyObject !== garage.car as AnyObject)
    }

    @Test func aCycleThroughAsyncBuildersIsReportedWithItsPath() async throws {
        let container = try Container(
            Component {
                single { try await Chicken(egg: $0()) }
                single { try await Egg(chicken: $0()) }
            })
        let error = try await #require(throws: ContainerError.self) { try await container.resolve(Chicken.self) }
        #expect(error.description.hasPrefix("Circular dependency: Chicken → Egg → Chicken."))
    }

    @Test func aCycleResolvedFromBothEndsAtOnceIsReportedByBothInsteadOfWaitingForever() async throws {
        for _ in 0..<20 {
            let container = try Container(
                Component {
                    single { (resolver: AsyncResolver) async throws -> Chicken in
                        try await Task.sleep(for: .milliseconds(1))
                        return Chicken(egg: try await resolver())
                    }
                    single { try await Egg(chicken: $0()) }
                })
            async let chicken = Self.failure { try await container.resolve(Chicken.self) }
            async let egg = Self.failure { try await container.resolve(Egg.self) }
            for failure in await [chicken, egg] {
                #expect(failure?.description.hasPrefix("Circular dependency: ") == true, "\(String(describing: failure))")
            }
        }
    }

    @Test func anAsyncFactoryThatNeedsItselfIsACycleOfOne() async throws {
        let container = try Container(Component { factory { try await CycleTests.Node(next: $0()) } })
        let error = try await #require(throws: ContainerError.self) { try await container.resolve(CycleTests.Node.self) }
        #expect(error.description.hasPrefix("Circular dependency: CycleTests.Node → CycleTests.Node."))
    }

    @Test func aMainActorBuilderRunsOnTheMainActor() async throws {
        let container = try Container(
            Component {
                single { @MainActor () async in ScreenModel() }
                factory { @MainActor (resolver: AsyncResolver) async throws in Screen(model: try await resolver()) }
            })
        let screen: Screen = try await container.resolve()
        #expect(screen.madeOnTheMainActor)
        #expect(screen.model.madeOnTheMainActor)
        #expect(screen.model === (try await container.resolve(ScreenModel.self)))
    }

    @Test func aBuilderBoundToAnotherGlobalActorRunsOnIt() async throws {
        let container = try Container(Component { single { @Ledger () async in LedgerBook() } })
        let book: LedgerBook = try await container.resolve()
        #expect(book.builtOnLedger)
    }

    @Test func theGraphShowsWhichBuildersAreAsyncOrBoundToAnActor() async throws {
        let container = try Container(
            Component {
                single { () async -> any Engine in V8() }
                single { Alloys() as any Wheels }
                factory { try await Sedan(engine: $0(), wheels: $0()) as any Car }
                single { @MainActor () async in ScreenModel() }
            })
        let graph = try await container.verify()
        #expect(
            graph.text == """
                Engine (single, async)
                Wheels (single)
                Car (factory, async) → Engine, Wheels
                ScreenModel (single, @MainActor)
                """)
        #expect(graph.mermaid.contains("Car[\"Car (factory, async)\"]"))
    }

    @Test func verifyingWithAwaitBuildsAsyncBuildersAndReportsEveryProblem() async throws {
        let builds = BuildCounter()
        let container = try Container(
            Component {
                single { () async throws -> any Engine in
                    builds.tick()
                    throw BuildFailure()
                }
                factory { try await Garage(car: $0()) }
                single { try await Chicken(egg: $0()) }
                single { try await Egg(chicken: $0()) }
                single { () async -> any Wheels in Alloys() }
            })
        let error = try await #require(throws: ContainerError.self) { try await container.verify() }
        let text = error.description
        #expect(text.hasPrefix("The container has 3 problems:"))
        #expect(text.contains("Building Engine failed: BuildFailure()"))
        #expect(text.contains("No registration for Car, needed by Garage → Car."))
        #expect(text.contains("Circular dependency: Chicken → Egg → Chicken."))
        #expect(builds.count == 1)
        let synchronously = try #require(throws: ContainerError.self) { try container.verifySynchronously() }
        #expect(synchronously.description.contains("- Wheels has an async builder: resolve it with `try await container.resolve()`"))
    }

    /// What `body` threw, as a container error; nil if it returned.
    static func failure<T>(_ body: () async throws -> T) async -> ContainerError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? ContainerError
        }
    }
}

/// A model the main actor owns; made only on it (checked at run time, not just by the compiler).
///
/// Not `Thread.isMainThread`: in a Linux test process the main actor's jobs need not run on the
/// main thread (even `MainActor.run` answers false there), but they run on the main actor.
@MainActor final class ScreenModel: Sendable {
    let madeOnTheMainActor: Bool

    init() {
        MainActor.preconditionIsolated()
        madeOnTheMainActor = true
    }
}

/// A screen made on the main actor from its model.
@MainActor final class Screen: Sendable {
    let model: ScreenModel
    let madeOnTheMainActor: Bool

    init(model: ScreenModel) {
        MainActor.preconditionIsolated()
        self.model = model
        madeOnTheMainActor = true
    }
}

/// A global actor of the tests' own.
@globalActor actor Ledger {
    static let shared = Ledger()
}

/// Made on `Ledger`; notes that it was.
final class LedgerBook: Sendable {
    let builtOnLedger: Bool

    @Ledger init() {
        Ledger.shared.preconditionIsolated()
        builtOnLedger = true
    }
}
