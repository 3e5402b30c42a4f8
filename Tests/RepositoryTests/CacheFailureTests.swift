import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import StorageTesting
import TestSupport
import Testing

/// A failing cache never fails a read: reads count as misses, writes are counted and skipped.
@Suite struct CacheFailureTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")
    let clock = ManualClock()

    @Test func failingWritesNeverFailAReadAndAreCounted() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))], characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: CacheSpy(failsWrites: true), now: clock.now)

        let page = try await repository.characters(offset: 0, limit: 20)
        let detail = try await repository.character(by: 1)

        #expect(page == Fetched(value: .sample([hulk, thor]), origin: .provider, isStale: false, storedAt: nil))
        #expect(detail == Fetched(value: hulk, origin: .provider, isStale: false, storedAt: nil))
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, cacheWriteFailures: 4))
    }

    @Test func failingReadsCountAsMisses() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk]))], characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: CacheSpy(failsReads: true), now: clock.now)

        #expect(try await repository.characters(offset: 0, limit: 20).origin == .provider)
        #expect(try await repository.character(by: 1).value == hulk)
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, cacheReadFailures: 2))
    }

    @Test func anUnreadableCacheHasNothingStaleToServe() async throws {
        let down = ProviderError.unavailable("connection refused")
        let provider = CharacterProviderStub(characters: [.failure(down)])
        let repository = InternalCharacterRepository(provider: provider, cache: CacheSpy(failsReads: true), now: clock.now)

        await #expect(throws: down) { try await repository.character(by: 1) }
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1, cacheReadFailures: 1))
    }
}
