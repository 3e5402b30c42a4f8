import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import TestSupport
import Testing

/// Identical requests in flight share one provider call, success or failure, and nothing
/// stays in flight after it ends. A gated provider holds the one call until every caller has
/// arrived, so the sharing is proven, not left to timing.
@Suite(.timeLimit(.minutes(1))) struct CoalescingTests {
    let clock = ManualClock()
    let answer = Character.sample(id: 42, name: "Forty-Two")

    @Test func thousandConcurrentCallsOnAColdCacheMakeOneProviderCall() async throws {
        let stub = CharacterProviderStub(characters: [.success(answer)])
        let gate = GatedCharacterProvider(answering: stub)
        let repository = InternalCharacterRepository(provider: gate, cache: MemoryCache(), now: clock.now)

        let results = await withTaskGroup(of: Fetched<Character>?.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try? await repository.character(by: 42) }
            }
            let arrived = await allArrived(1_000, gate, repository)
            #expect(arrived, "not every call reached the provider or joined a call in flight")
            #expect(gate.arrivals == 1)
            gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(results.count == 1_000)
        #expect(results.allSatisfy { $0 == Fetched(value: answer, origin: .provider, isStale: false, storedAt: clock.now()) })
        #expect(stub.calls == [.character(id: 42)])
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1, coalescedCalls: 999))
        #expect(try await repository.character(by: 42).origin == .cache)
    }

    @Test func identicalPageQueriesShareOneCallAndDifferentOnesDoNot() async throws {
        let stub = CharacterProviderStub(serving: CharacterProvidingContract.characters)
        let gate = GatedCharacterProvider(answering: stub)
        let repository = InternalCharacterRepository(provider: gate, cache: MemoryCache(), now: clock.now)

        let totals = await withTaskGroup(of: Int?.self) { group in
            for call in 0..<200 {
                group.addTask {
                    let filter = call.isMultiple(of: 2) ? nil : "Sp"
                    return try? await repository.characters(offset: 0, limit: 5, query: CharacterQuery(nameStartsWith: filter)).value.total
                }
            }
            let arrived = await allArrived(200, gate, repository)
            #expect(arrived, "not every call reached the provider or joined a call in flight")
            #expect(gate.arrivals == 2)
            gate.open()
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }

        #expect(totals.filter { $0 == 30 }.count == 100)
        #expect(totals.filter { $0 == 3 }.count == 100)
        #expect(stub.calls.count == 2)
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, coalescedCalls: 198))
    }

    @Test func aFailureReachesEveryJoinedCallerAndTheNextCallStartsAfresh() async throws {
        let down = ProviderError.unavailable("HTTP 503")
        let stub = CharacterProviderStub(characters: [.failure(down), .success(answer)])
        let gate = GatedCharacterProvider(answering: stub)
        let repository = InternalCharacterRepository(provider: gate, cache: MemoryCache(), now: clock.now)

        let errors = await withTaskGroup(of: ProviderError?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    do {
                        _ = try await repository.character(by: 42)
                        return nil
                    } catch {
                        return error as? ProviderError
                    }
                }
            }
            let arrived = await allArrived(100, gate, repository)
            #expect(arrived, "not every call reached the provider or joined a call in flight")
            gate.open()
            return await group.reduce(into: [ProviderError?]()) { $0.append($1) }
        }

        #expect(errors == Array(repeating: down, count: 100))
        #expect(try await repository.character(by: 42).value == answer)
        #expect(stub.calls == [.character(id: 42), .character(id: 42)])
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, coalescedCalls: 99))
    }

    /// Whether all `callers` are in flight (held at the gate or joined to a held call),
    /// yielding to let them get there; false if they do not within a bounded number of turns.
    private func allArrived(_ callers: Int, _ gate: GatedCharacterProvider, _ repository: InternalCharacterRepository) async -> Bool {
        for _ in 0..<100_000 {
            if gate.arrivals + repository.statistics.coalescedCalls >= callers { return true }
            await Task.yield()
        }
        return false
    }
}
