import DataProviders
import Foundation
import Testing

extension CharacterProvidingContract {
    /// The query specs: `name`, `modifiedSince`, the work lists, `orderBy` and refusals, each
    /// checked against what `expected` (the data set in name order) says by plain Swift.
    static func verifyQuery(
        _ spec: Spec, on provider: any CharacterProviding, expected: [Character], sourceLocation: SourceLocation
    ) async throws {
        func names(_ query: CharacterQuery) async throws -> [String] {
            try await provider.characters(offset: 0, limit: 100, query: query).results.map(\.name)
        }
        switch spec {
        case .nameMatchesTheWholeNameIgnoringCase:
            #expect(try await names(CharacterQuery(name: "captain TIDE")) == ["Captain Tide"], sourceLocation: sourceLocation)
            #expect(try await names(CharacterQuery(name: "Captain")).isEmpty, sourceLocation: sourceLocation)
        case .modifiedSinceKeepsTheLaterOnes:
            let since = { (seconds: TimeInterval) in
                expected.filter { ($0.modified ?? .distantPast) >= Date(timeIntervalSince1970: seconds) }.map(\.name)
            }
            for text in ["2014-05-13T16:53:20Z", "2014-05-13T12:53:20-0400"] {
                #expect(try await names(CharacterQuery(modifiedSince: text)) == since(1_400_000_000), sourceLocation: sourceLocation)
            }
            let page = try await provider.characters(offset: 0, limit: 3, query: CharacterQuery(modifiedSince: "2014-05-14"))
            #expect(page.total == since(1_400_025_600).count, sourceLocation: sourceLocation)
            #expect(page.results.map(\.name) == Array(since(1_400_025_600).prefix(3)), sourceLocation: sourceLocation)
        case .workListsSelectCharactersListedWithAnId:
            let kinds: [(WritableKeyPath<CharacterQuery, String?>, KeyPath<Appearances, ResourceList>)] = [
                (\.comics, \.comics), (\.series, \.series), (\.events, \.events), (\.stories, \.stories),
            ]
            for (parameter, list) in kinds {
                let ids = Set(expected.flatMap { $0.appearances[keyPath: list].items.map(\.resourceURI) }).sorted().prefix(2)
                let holders = { (uris: [String]) in
                    expected.filter { character in character.appearances[keyPath: list].items.contains { uris.contains($0.resourceURI) } }
                        .map(\.name)
                }
                for uris in [Array(ids.prefix(1)), Array(ids)] {
                    var query = CharacterQuery()
                    query[keyPath: parameter] = uris.compactMap { $0.split(separator: "/").last }.joined(separator: ",")
                    #expect(try await names(query) == holders(uris), "\(query)", sourceLocation: sourceLocation)
                }
            }
        case .orderByEachWay:
            let byName = expected.map(\.name)
            let byModified = expected.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element.modified ?? .distantPast, rhs.element.modified ?? .distantPast)
                return left == right ? lhs.offset < rhs.offset : left < right
            }
            let newestFirst = expected.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element.modified ?? .distantPast, rhs.element.modified ?? .distantPast)
                return left == right ? lhs.offset < rhs.offset : left > right
            }
            let orders = [
                ("name", byName), ("-name", byName.reversed()), ("modified", byModified.map(\.element.name)),
                ("-modified,name", newestFirst.map(\.element.name)),
            ]
            for (orderBy, wanted) in orders {
                #expect(try await names(CharacterQuery(orderBy: orderBy)) == wanted, "\(orderBy)", sourceLocation: sourceLocation)
            }
        default:
            let refused: [(CharacterQuery, String)] = [
                (CharacterQuery(name: ""), "name"), (CharacterQuery(orderBy: "colour"), "orderBy"),
                (CharacterQuery(modifiedSince: "soon"), "modifiedSince"),
                (CharacterQuery(comics: (1...11).map(String.init).joined(separator: ",")), "comics"),
                (CharacterQuery(stories: "x"), "stories"),
            ]
            for (query, parameter) in refused {
                let error = await #expect(throws: ProviderError.self, sourceLocation: sourceLocation) {
                    try await provider.characters(offset: 0, limit: 10, query: query)
                }
                #expect(error.map(isInvalidRequest) == true, "\(query) gave \(String(describing: error))", sourceLocation: sourceLocation)
                #expect(error?.description.contains(parameter) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
            }
        }
    }
}
