import DataProviders

/// Where the product reads characters: a provider behind a cache.
public protocol CharacterRepository: Sendable {
    /// The page of characters at `offset`, at most `limit`; listed characters are cached.
    func characters(offset: Int, limit: Int) async throws -> CharacterPage
    /// The character with `id`, from the cache when it holds it, else from the provider.
    func character(by id: Int) async throws -> Character
    /// What the repository has counted since it was made.
    var statistics: RepositoryStatistics { get }
}
