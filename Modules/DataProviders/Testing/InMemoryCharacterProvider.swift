import DataProviders
import Foundation

/// A `CharacterProviding` fake over a fixed list, with the behaviour the contract asks of every
/// provider (name order, Marvel's filters and orderings through `CharacterFilter`, paging,
/// limit 1…100, not found) and no HTTP at all.
public struct InMemoryCharacterProvider: CharacterProviding {
    /// The characters served, in name order.
    public let all: [Character]

    /// A provider serving `characters`.
    public init(_ characters: [Character]) {
        all = characters.sorted(by: Self.nameOrder)
    }

    /// The order providers list characters in: by name without regard to case, then by id.
    public static func nameOrder(_ lhs: Character, _ rhs: Character) -> Bool {
        let order = lhs.name.compare(rhs.name, options: [.caseInsensitive, .literal])
        return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
    }

    /// The page of the held characters that `query` selects, filtered and ordered by `CharacterFilter`.
    public func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> CharacterPage {
        guard (1...100).contains(limit) else {
            throw ProviderError.invalidRequest("limit must be 1 to 100, not \(limit)")
        }
        guard offset >= 0 else {
            throw ProviderError.invalidRequest("offset must be 0 or more, not \(offset)")
        }
        let parameters = query.parameters
        let filter: CharacterFilter
        do {
            filter = try CharacterFilter { name in parameters.last { $0.name == name }?.value }
        } catch {
            throw ProviderError.invalidRequest(error.message)
        }
        let matching = filter.ordered(all.filter { filter.matches(Self.subject($0)) }, subject: Self.subject)
        let page = Array(matching.dropFirst(offset).prefix(limit))
        return CharacterPage(offset: offset, limit: limit, total: matching.count, count: page.count, results: page)
    }

    /// `character` as `CharacterFilter` sees it.
    private static func subject(_ character: Character) -> CharacterFilter.Subject {
        let lists = [
            "comics": character.appearances.comics, "series": character.appearances.series,
            "events": character.appearances.events, "stories": character.appearances.stories,
        ]
        return CharacterFilter.Subject(
            name: character.name, modified: character.modified,
            works: lists.mapValues { Set($0.items.compactMap { CharacterFilter.Subject.workID(resourceURI: $0.resourceURI) }) })
    }

    /// The held character with `id`; throws `ProviderError.notFound` when none has it.
    public func character(by id: Int) async throws -> Character {
        guard let character = all.first(where: { $0.id == id }) else { throw ProviderError.notFound(id: id) }
        return character
    }
}
