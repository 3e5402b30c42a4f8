import DataProviders
import DataProvidersTesting
import Repository
import Storage
import TestSupport
import Testing

/// Every parameter of a query is part of its page's cache key: the same query is a hit, any
/// other is not, whatever its values hold.
@Suite struct QueryKeyTests {
    let clock = ManualClock()

    private static let queries: [CharacterQuery] = [
        CharacterQuery(),
        CharacterQuery(name: "Thor"),
        CharacterQuery(name: "thor"),
        CharacterQuery(nameStartsWith: "Thor"),
        CharacterQuery(name: "Thor", nameStartsWith: "T"),
        CharacterQuery(name: "Thor&nameStartsWith=T"),
        CharacterQuery(modifiedSince: "2014-01-01"),
        CharacterQuery(modifiedSince: "2014-01-01T00:00:00Z"),
        CharacterQuery(comics: "1,2"),
        CharacterQuery(comics: "2,1"),
        CharacterQuery(series: "1,2"),
        CharacterQuery(events: "1,2"),
        CharacterQuery(stories: "1,2"),
        CharacterQuery(orderBy: "name"),
        CharacterQuery(orderBy: "-modified"),
        CharacterQuery(orderBy: "-modified,name"),
        CharacterQuery(name: ""),
    ]

    @Test func differentQueriesHaveDifferentKeysAndTheSameQueryIsAHit() async throws {
        let provider = CharacterProviderStub(pages: Self.queries.map { _ in .success(.sample([.sample(id: 1)])) })
        let repository = InternalCharacterRepository(
            provider: provider, cache: MemoryCache(), policy: CachePolicy(pageMaxAge: 300, detailMaxAge: 300), now: clock.now)
        for query in Self.queries {
            #expect(try await repository.characters(offset: 0, limit: 20, query: query).origin == .provider, "\(query)")
        }
        for query in Self.queries {
            #expect(try await repository.characters(offset: 0, limit: 20, query: query).origin == .cache, "\(query)")
        }
        #expect(provider.calls == Self.queries.map { .characters(offset: 0, limit: 20, query: $0) })
        #expect(Set(Self.queries.map(\.description)).count == Self.queries.count)
    }
}
