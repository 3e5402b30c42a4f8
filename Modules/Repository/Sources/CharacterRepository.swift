import DataProviders

/// Where the product reads characters: a provider behind a cache, with every answer saying
/// where it came from and whether it is stale.
public protocol CharacterRepository: Sendable {
    /// The page of characters at `offset`, at most `limit`, that `query` selects, in its order;
    /// throws the provider's error when it has no answer to give.
    func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> Fetched<CharacterPage>
    /// The character with `id`; throws the provider's error when it has no answer to give.
    func character(by id: Int) async throws -> Fetched<Character>
    /// What the repository has counted since it was made.
    var statistics: RepositoryStatistics { get }
}

extension CharacterRepository {
    /// The page of all characters at `offset`, at most `limit`.
    public func characters(offset: Int, limit: Int) async throws -> Fetched<CharacterPage> {
        try await characters(offset: offset, limit: limit, query: CharacterQuery())
    }
}
