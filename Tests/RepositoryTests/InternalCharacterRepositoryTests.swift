import DataProviders
import DataProvidersTesting
import Repository
import Storage
import StorageTesting
import Testing

@Suite struct InternalCharacterRepositoryTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")

    @Test func listingStoresEveryListedCharacter() async throws {
        let cache = CachingSpy()
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: cache)

        let page = try await repository.characters(offset: 0, limit: 20)

        #expect(page.results == [hulk, thor])
        #expect(provider.calls == [.characters(offset: 0, limit: 20, nameStartsWith: nil)])
        #expect(cache.calls == [.set(Key(Character.self, id: 1)), .set(Key(Character.self, id: 2))])
    }

    @Test func listedCharacterIsShownFromTheCacheWithoutAProviderCall() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache())

        _ = try await repository.characters(offset: 0, limit: 20)
        let shown = try await repository.character(by: 2)

        #expect(shown == thor)
        #expect(provider.calls.count == 1)
        #expect(repository.statistics.providerCalls == 1)
    }

    @Test func missAsksTheProviderOnceAndStoresTheAnswer() async throws {
        let cache = MemoryCache()
        let provider = CharacterProviderStub(characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: cache)

        #expect(try await repository.character(by: 1) == hulk)
        #expect(try await repository.character(by: 1) == hulk)

        #expect(provider.calls == [.character(id: 1)])
        #expect(try cache.get(id: 1) == hulk)
    }

    @Test func providerErrorsReachTheCaller() async throws {
        let provider = CharacterProviderStub(characters: [.failure(ProviderError.notFound(id: 9))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache())
        await #expect(throws: ProviderError.notFound(id: 9)) { try await repository.character(by: 9) }
    }

    @Test func failingCacheWritesNeverFailAReadAndAreCounted() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))], characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: CachingSpy(failsWrites: true))

        #expect(try await repository.characters(offset: 0, limit: 20).count == 2)
        #expect(try await repository.character(by: 1) == hulk)
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 2, cacheWriteFailures: 3))
    }

    @Test func failingCacheReadsCountAsMisses() async throws {
        let provider = CharacterProviderStub(characters: [.success(hulk)])
        let repository = InternalCharacterRepository(provider: provider, cache: CachingSpy(failsReads: true))

        #expect(try await repository.character(by: 1) == hulk)
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1, cacheReadFailures: 1))
    }
}
