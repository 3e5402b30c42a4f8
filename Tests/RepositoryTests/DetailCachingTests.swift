import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import TestSupport
import Testing

/// Single characters: cache-first, fresh for `detailMaxAge`, refreshed from the provider after.
@Suite struct DetailCachingTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")
    let clock = ManualClock()
    let policy = CachePolicy(pageMaxAge: 300, detailMaxAge: 3_600)

    @Test func missAsksTheProviderOnceThenTheCacheAnswers() async throws {
        let provider = CharacterProviderStub(characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)
        let storedAt = clock.now()

        let first = try await repository.character(by: 1)
        clock.advance(by: 10)
        let second = try await repository.character(by: 1)

        #expect(first == Fetched(value: hulk, origin: .provider, isStale: false, storedAt: storedAt))
        #expect(second == Fetched(value: hulk, origin: .cache, isStale: false, storedAt: storedAt))
        #expect(provider.calls == [.character(id: 1)])
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1, cacheHits: 1))
    }

    @Test func listedCharacterIsShownFromTheCacheWithThePagesTime() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)
        let listedAt = clock.now()

        _ = try await repository.characters(offset: 0, limit: 20)
        clock.advance(by: 60)
        let shown = try await repository.character(by: 2)

        #expect(shown == Fetched(value: thor, origin: .cache, isStale: false, storedAt: listedAt))
        #expect(provider.calls == [.characters(offset: 0, limit: 20, query: CharacterQuery())])
    }

    @Test func detailIsFreshUpToItsMaxAgeAndRefreshedAtIt() async throws {
        let renamed = Character.sample(id: 1, name: "Savage Hulk")
        let provider = CharacterProviderStub(characters: [.success(hulk), .success(renamed)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.character(by: 1)
        clock.advance(by: 3_599)
        #expect(try await repository.character(by: 1).origin == .cache)
        clock.advance(by: 1)
        let refreshed = try await repository.character(by: 1)
        clock.advance(by: 1)
        let cachedAgain = try await repository.character(by: 1)

        #expect(refreshed == Fetched(value: renamed, origin: .provider, isStale: false, storedAt: clock.now().addingTimeInterval(-1)))
        #expect(cachedAgain.value == renamed && cachedAgain.origin == .cache)
        #expect(provider.calls == [.character(id: 1), .character(id: 1)])
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, cacheHits: 2))
    }

    @Test func aValueStoredInTheFutureIsNotFresh() async throws {
        let provider = CharacterProviderStub(characters: [.success(hulk), .success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.character(by: 1)
        clock.advance(by: -60)

        #expect(try await repository.character(by: 1).origin == .provider)
        #expect(provider.calls.count == 2)
    }

    @Test func providerErrorsReachTheCallerWhenNothingIsCached() async throws {
        let provider = CharacterProviderStub(characters: [.failure(ProviderError.notFound(id: 9))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache())

        await #expect(throws: ProviderError.notFound(id: 9)) { try await repository.character(by: 9) }
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1))
    }

    @Test func defaultsAreTheStandardPolicyAndTheSystemClock() async throws {
        let provider = CharacterProviderStub(characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache())

        let fetched = try await repository.character(by: 1)

        #expect(CachePolicy.standard == CachePolicy(pageMaxAge: 300, detailMaxAge: 3_600))
        #expect(fetched.storedAt.map { abs($0.timeIntervalSinceNow) < 60 } == true)
        #expect(try await repository.character(by: 1).origin == .cache)
    }
}
