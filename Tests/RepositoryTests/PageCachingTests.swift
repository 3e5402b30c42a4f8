import DataProviders
import DataProvidersTesting
import Repository
import RepositoryTesting
import Storage
import StorageTesting
import TestSupport
import Testing

/// Pages: cached under their query, fresh for `pageMaxAge`, refreshed from the provider after.
@Suite struct PageCachingTests {
    let hulk = Character.sample(id: 1, name: "Hulk")
    let thor = Character.sample(id: 2, name: "Thor")
    let clock = ManualClock()
    let policy = CachePolicy(pageMaxAge: 300, detailMaxAge: 3_600)

    @Test func pageAndEveryListedCharacterAreStored() async throws {
        let cache = CacheSpy()
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: cache, policy: policy, now: clock.now)

        let page = try await repository.characters(offset: 0, limit: 20)

        #expect(page == Fetched(value: .sample([hulk, thor]), origin: .provider, isStale: false, storedAt: clock.now()))
        #expect(provider.calls == [.characters(offset: 0, limit: 20, query: CharacterQuery())])
        let stored = cache.calls.compactMap { call -> Key? in
            if case .set(let key) = call { return key }
            return nil
        }
        #expect(stored.count == 3)
        #expect(stored.contains(Key("characters?offset=0&limit=20")))
    }

    @Test func freshPageIsServedFromTheCache() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)
        let storedAt = clock.now()

        _ = try await repository.characters(offset: 0, limit: 20)
        clock.advance(by: 299)
        let again = try await repository.characters(offset: 0, limit: 20)

        #expect(again == Fetched(value: .sample([hulk, thor]), origin: .cache, isStale: false, storedAt: storedAt))
        #expect(provider.calls.count == 1)
        #expect(repository.statistics == RepositoryStatistics(providerCalls: 1, cacheHits: 1))
    }

    @Test func stalePageIsRefreshedFromTheProvider() async throws {
        let provider = CharacterProviderStub(pages: [.success(.sample([hulk])), .success(.sample([hulk, thor]))])
        let repository = InternalCharacterRepository(provider: provider, cache: MemoryCache(), policy: policy, now: clock.now)

        _ = try await repository.characters(offset: 0, limit: 20)
        clock.advance(by: 300)
        let refreshed = try await repository.characters(offset: 0, limit: 20)

        #expect(refreshed == Fetched(value: .sample([hulk, thor]), origin: .provider, isStale: false, storedAt: clock.now()))
        #expect(provider.calls.count == 2)
        #expect(try await repository.characters(offset: 0, limit: 20).origin == .cache)
    }

    @Test func eachQueryIsItsOwnPage() async throws {
        let cache = CacheSpy()
        let provider = CharacterProviderStub(serving: [hulk, thor])
        let repository = InternalCharacterRepository(provider: provider, cache: cache, policy: policy, now: clock.now)

        #expect(try await repository.characters(offset: 0, limit: 20).value.results == [hulk, thor])
        #expect(try await repository.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "th")).value.results == [thor])
        #expect(try await repository.characters(offset: 1, limit: 20).value.results == [thor])
        #expect(try await repository.characters(offset: 0, limit: 1).value.results == [hulk])
        #expect(try await repository.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "th")).origin == .cache)

        #expect(provider.calls.count == 4)
        let pageKeys = cache.calls.compactMap { call -> String? in
            guard case .set(let key) = call, key.value.hasPrefix("raw:") else { return nil }
            return key.value
        }
        #expect(
            pageKeys == [
                "raw:characters?offset=0&limit=20",
                "raw:characters?offset=0&limit=20&nameStartsWith=th",
                "raw:characters?offset=1&limit=20",
                "raw:characters?offset=0&limit=1",
            ])
    }

    @Test func zeroMaxAgeAsksTheProviderEveryTime() async throws {
        let provider = CharacterProviderStub(serving: [hulk, thor])
        let repository = InternalCharacterRepository(
            provider: provider,
            cache: MemoryCache(),
            policy: CachePolicy(pageMaxAge: 0, detailMaxAge: 0), now: clock.now)

        _ = try await repository.characters(offset: 0, limit: 20)
        let page = try await repository.characters(offset: 0, limit: 20)
        let detail = try await repository.character(by: 1)

        #expect(page.origin == .provider && detail.origin == .provider)
        #expect(provider.calls.count == 3)
    }
}
