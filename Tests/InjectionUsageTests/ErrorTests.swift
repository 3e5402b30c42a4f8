import Foundation
import Injection
import Testing

enum Net { struct Config: Sendable {} }
enum Disk { struct Config: Sendable {} }
struct PoolError: Error {}
final class Pool: Sendable {}
final class Store: Sendable {
    init(pool: Pool) {}
}

/// Errors a person can act on: deep chains, qualified names, suggestions, verification.
@Suite struct ErrorTests {
    /// A chain of `depth` singles `s0 → s1 → …`, with no loop.
    private func chain(_ depth: Int) -> Component {
        Component {
            for level in 0..<depth {
                single(name: "s\(level)") { resolver -> Int in
                    level == depth - 1 ? level : try resolver(Int.self, name: "s\(level + 1)")
                }
            }
        }
    }

    @Test func aDeepChainIsTooDeepNotACycleAndMaximumDepthIsTheContainers() throws {
        let error = try #require(throws: ContainerError.self) { try Container(chain(200)).resolve(Int.self, name: "s0") }
        guard case .tooDeep(_, let maximumDepth) = error else { throw error }
        #expect(maximumDepth == Resolver.maximumDepth)
        #expect(!error.description.contains("Circular"))
        #expect(try Container(chain(200), maximumDepth: 300).resolve(Int.self, name: "s0") == 199)
    }

    @Test func typesOfOneNameInTwoNamespacesAreToldApart() throws {
        let container = try Container(
            Component {
                single { Net.Config() }
                single { Disk.Config() }
            })
        #expect(try container.graph().text == "Net.Config (single)\nDisk.Config (single)")
        let missing = try #require(throws: ContainerError.self) {
            try Container(Component { single { Net.Config() } }).resolve(Disk.Config.self)
        }
        #expect(missing.description.hasPrefix("No registration for Disk.Config."))
    }

    @Test func suggestionsWeighTheNameAndCostNothingUnlessRead() throws {
        let container = try Container(Component { for index in 0..<10_000 { single(name: "r\(index)") { index } } })
        let error = try #require(throws: ContainerError.self) { try container.resolve(Int.self, name: "r9999x") }
        guard case .missingRegistration(_, _, let nearest) = error else { throw error }
        #expect(nearest.keys.first == RegistrationKey(Int.self, name: "r9999"))
        let start = ContinuousClock.now
        for _ in 0..<200 { _ = try? container.resolve(Int.self, name: "absent") }
        // Worked out eagerly, each took about 27 ms: 5 s for these.
        #expect(seconds(since: start) < 1)
    }

    @Test func verifyRunsEachBuilderOnceAndReportsEachProblemOnce() async throws {
        let runs = Counter()
        let factoryRuns = Counter()
        let container = try Container(
            Component {
                single { () async throws -> Pool in
                    runs.tick()
                    throw PoolError()
                }
                single { Store(pool: try await $0()) }
                single(name: "second") { Store(pool: try await $0()) }
                factory { () -> Leaf in
                    factoryRuns.tick()
                    return Leaf()
                }
                single { Branch(leaf: try $0()) }
                single(name: "second") { Branch(leaf: try $0()) }
            })
        let error = try await #require(throws: ContainerError.self) { try await container.async.verify() }
        guard case .verificationFailed(let problems) = error else { throw error }
        #expect(problems.count == 1, "\(problems)")
        #expect(runs.count == 1)
        #expect(factoryRuns.count == 1)
        let graph = try await Container(Component { single { () async in Leaf() } }).async.graph()
        #expect(graph.text == "Leaf (single, async)")
    }

    @Test func awaitedResolveOfASynchronousBuilderNeedingAnAsyncOneSaysToMakeItAsync() async throws {
        let container = try Container(
            Component {
                single { () async -> Pool in Pool() }
                single { Store(pool: try $0()) }
            })
        let error = try await #require(throws: ContainerError.self) { try await container.async.resolve(Store.self) }
        #expect(error.description.contains("the builder of Store is synchronous. Make it async"), "\(error)")
    }

    @Test func aBuildersOwnErrorIsReachable() throws {
        let container = try Container(
            Component {
                single { () throws -> Pool in throw PoolError() }
                single { Store(pool: try $0()) }
            })
        do {
            _ = try container.resolve(Store.self)
            Issue.record("resolved")
        } catch let error as ContainerError where error.underlyingError is PoolError {
            #expect(error.description.hasPrefix("Building Store → Pool failed"))
        }
    }
}
