import DataProviders
import Foundation

/// A `CharacterProviding` fake over a fixed list, with the behaviour the contract asks of every
/// provider (name order, case-insensitive prefix filter, paging, limit 1…100, not found) and no
/// HTTP at all.
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

    public func characters(offset: Int, limit: Int, nameStartsWith: String?) async throws -> CharacterPage {
        guard (1...100).contains(limit) else {
            throw ProviderError.invalidRequest("limit must be 1 to 100, not \(limit)")
        }
        guard offset >= 0 else {
            throw ProviderError.invalidRequest("offset must be 0 or more, not \(offset)")
        }
        var matching = all
        if let nameStartsWith {
            guard !nameStartsWith.isEmpty else { throw ProviderError.invalidRequest("nameStartsWith cannot be blank if it is set") }
            matching = all.filter { $0.name.range(of: nameStartsWith, options: [.anchored, .caseInsensitive]) != nil }
        }
        let page = Array(matching.dropFirst(offset).prefix(limit))
        return CharacterPage(offset: offset, limit: limit, total: matching.count, count: page.count, results: page)
    }

    public func character(by id: Int) async throws -> Character {
        guard let character = all.first(where: { $0.id == id }) else { throw ProviderError.notFound(id: id) }
        return character
    }
}
