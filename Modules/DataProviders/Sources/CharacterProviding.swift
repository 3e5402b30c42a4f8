/// A source of Marvel characters: the Marvel API, the offline fixtures, or a test double.
public protocol CharacterProviding: Sendable {
    /// The page of characters at `offset` (at most `limit`, 1…100) that `query` selects, in its
    /// order (by name unless it says otherwise); throws `ProviderError`.
    func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage
    /// The character with `id`; throws `ProviderError.notFound` when there is none.
    func character(by id: Int) async throws -> Character
}

extension CharacterProviding {
    /// The page of all characters at `offset`, at most `limit`.
    public func characters(offset: Int, limit: Int) async throws -> CharacterPage {
        try await characters(offset: offset, limit: limit, query: CharacterQuery())
    }
}
