import DataProviders
import Repository

/// A `CharacterRepository` double over a fixed list of characters, for tests of what sits
/// above the repository (the composition root, a UI): every answer comes from the provider,
/// fresh, and filtering by name prefix is case-insensitive like the real providers' (the other
/// parameters of a query are not applied).
public struct CharacterRepositoryStub: CharacterRepository {
    private let all: [Character]

    /// A repository holding `characters`, in that order.
    public init(_ characters: [Character]) {
        self.all = characters
    }

    /// The page of the characters whose names start with `query.nameStartsWith`, any case.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> Fetched<CharacterPage> {
        let matching = all.filter { character in
            query.nameStartsWith.map { character.name.lowercased().hasPrefix($0.lowercased()) } ?? true
        }
        let page = Array(matching.dropFirst(offset).prefix(limit))
        let result = CharacterPage(offset: offset, limit: limit, total: matching.count, count: page.count, results: page)
        return Fetched(value: result, origin: .provider)
    }

    /// The character with `id`; throws `ProviderError.notFound` when none has it.
    public func character(by id: Int) async throws -> Fetched<Character> {
        guard let found = all.first(where: { $0.id == id }) else { throw ProviderError.notFound(id: id) }
        return Fetched(value: found, origin: .provider)
    }

    /// All zero: the stub counts nothing.
    public var statistics: RepositoryStatistics { RepositoryStatistics() }
}
