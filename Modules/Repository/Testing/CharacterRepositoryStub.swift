import DataProviders
import Repository

/// A `CharacterRepository` double over a fixed list of characters, for tests of what sits
/// above the repository (the composition root, a UI).
public struct CharacterRepositoryStub: CharacterRepository {
    private let all: [Character]

    /// A repository holding `characters`, in that order.
    public init(_ characters: [Character]) {
        self.all = characters
    }

    public func characters(offset: Int, limit: Int) async throws -> CharacterPage {
        let page = Array(all.dropFirst(offset).prefix(limit))
        return CharacterPage(offset: offset, limit: limit, total: all.count, count: page.count, results: page)
    }

    public func character(by id: Int) async throws -> Character {
        guard let found = all.first(where: { $0.id == id }) else { throw ProviderError.notFound(id: id) }
        return found
    }

    public var statistics: RepositoryStatistics { RepositoryStatistics() }
}
