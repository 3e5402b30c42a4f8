import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import TestSupport
import Testing

/// When the provider is unavailable, a stale cached value stands in, marked stale; other
/// errors, and an empty cache, reach the caller.
@Suite struct StaleIfErrorTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")
    let clock = ManualClock()
    let policy = CachePolicy(pageMaxAge: 300, detailMaxAge: 3_600)
    let down = ProviderError.unavailable("HTTP 503")

    @Test func stalePageIsServedWhenTheProviderIsUnavailable() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor])), .failure(down)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)
        let storedAt = clock.now()

        _ = try await repository.characters(offset: 0, limit: 20)
        clock.advance(by: 301)
        let stale = try await repository.characters(offset: 0, limit: 20)

        #expect(stale == Fetched(value: .sample([hulk, thor]), origin: .cache, isStale: true, storedAt: storedAt))
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, staleServed: 1))
    }

    @Test func staleCharacterIsServedWhenTheProviderIsUnavailable() async throws {
        let provider = CharacterProviderStub(characters: [.success(hulk), .failure(down)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)
        let storedAt = clock.now()

        _ = try await repository.character(by: 1)
        clock.advance(by: 7_200)
        let stale = try await repository.character(by: 1)

        #expect(stale == Fetched(value: hulk, origin: .cache, isStale: true, storedAt: storedAt))
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, staleServed: 1))
    }

    @Test func aStaleAnswerIsRetriedNextTimeAndReplacedWhenTheProviderRecovers() async throws {
        let renamed = Character.sample(id: 1, name: "Savage Hulk")
        let provider = CharacterProviderStub(characters: [.success(hulk), .failure(down), .success(renamed)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.character(by: 1)
        clock.advance(by: 3_600)
        #expect(try await repository.character(by: 1).isStale)
        let recovered = try await repository.character(by: 1)

        #expect(recovered == Fetched(value: renamed, origin: .provider, isStale: false, storedAt: clock.now()))
        #expect(try await repository.character(by: 1).origin == .cache)
        #expect(provider.calls.count == 3)
    }

    @Test func unavailableWithNothingCachedThrowsTheProvidersError() async throws {
        let provider = CharacterProviderStub(pages: [.failure(down)], characters: [.failure(down)])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        await #expect(throws: down) { try await repository.characters(offset: 0, limit: 20) }
        await #expect(throws: down) { try await repository.character(by: 1) }
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2))
    }

    @Test(arguments: [
        ProviderError.notFound(id: 1),
        ProviderError.invalidRequest("You may not request more than 100 items."),
        ProviderError.badData("truncated JSON"),
    ])
    func otherProviderErrorsAreNotAnsweredStale(_ error: ProviderError) async throws {
        let provider = CharacterProviderStub(
            pages: [.success(.sample([hulk])), .failure(error)],
            characters: [.failure(error)]
        )
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.characters(offset: 0, limit: 20)
        clock.advance(by: 3_600)

        await #expect(throws: error) { try await repository.characters(offset: 0, limit: 20) }
        await #expect(throws: error) { try await repository.character(by: 1) }
        #expect(repository.statistics.staleServed == 0)
    }

    @Test func errorsThatAreNotProviderErrorsAreNotAnsweredStale() async throws {
        struct Unexpected: Error, Equatable {}
        let provider = CharacterProviderStub(characters: [.success(hulk), .failure(Unexpected())])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.character(by: 1)
        clock.advance(by: 3_600)

        await #expect(throws: Unexpected()) { try await repository.character(by: 1) }
        #expect(repository.statistics.staleServed == 0)
    }
}
