import DataProviders
import Repository
import Testing

/// The behaviour every `CharacterRepository` must have, whether it is the real one over a
/// provider and a cache or a double standing in for it, so a test that swaps one for the other
/// keeps meaning the same thing:
///
/// ```swift
/// @Test(arguments: CharacterRepositoryContract.Spec.allCases)
/// func myRepositoryMeetsTheContract(_ spec: CharacterRepositoryContract.Spec) async throws {
///     try await CharacterRepositoryContract.verify(spec) { characters in MyRepository(characters) }
/// }
/// ```
public enum CharacterRepositoryContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case characterByIdIsTheOneAskedFor
        case anUnknownIdIsNotFound
        case aPageHoldsItsOffsetLimitAndTotal
        case pagesFollowOnWithoutOverlap
        case namePrefixIgnoresCase
        case aFreshRepositoryHasCountedNothing

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// The characters every spec starts from, in name order: three, with distinct ids.
    public static let characters = [
        Character(id: 3, name: "Alpha Flight"), Character(id: 1, name: "Beast"), Character(id: 2, name: "beta Ray Bill"),
    ]

    /// Checks `spec` on a repository that `make` builds over `characters`.
    public static func verify(
        _ spec: Spec, sourceLocation: SourceLocation = #_sourceLocation, make: ([Character]) -> any CharacterRepository
    ) async throws {
        let repository = make(characters)
        switch spec {
        case .characterByIdIsTheOneAskedFor:
            #expect(try await repository.character(by: 1).value == characters[1], sourceLocation: sourceLocation)
        case .anUnknownIdIsNotFound:
            await #expect(throws: ProviderError.notFound(id: 99), sourceLocation: sourceLocation) {
                try await repository.character(by: 99)
            }
        case .aPageHoldsItsOffsetLimitAndTotal:
            let page = try await repository.characters(offset: 1, limit: 1, query: CharacterQuery()).value
            #expect(page.offset == 1 && page.limit == 1 && page.total == 3 && page.count == 1, sourceLocation: sourceLocation)
            #expect(page.results.map(\.id) == [1], sourceLocation: sourceLocation)
        case .pagesFollowOnWithoutOverlap:
            let first = try await repository.characters(offset: 0, limit: 2, query: CharacterQuery()).value.results
            let second = try await repository.characters(offset: 2, limit: 2, query: CharacterQuery()).value.results
            #expect((first + second).map(\.id) == [3, 1, 2], sourceLocation: sourceLocation)
        case .namePrefixIgnoresCase:
            let page = try await repository.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "BE")).value
            #expect(page.results.map(\.id) == [1, 2], sourceLocation: sourceLocation)
            #expect(page.total == 2, sourceLocation: sourceLocation)
        case .aFreshRepositoryHasCountedNothing:
            #expect(repository.statistics == RepositoryStatistics(), sourceLocation: sourceLocation)
        }
    }
}
