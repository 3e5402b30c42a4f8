import DataProviders
import Testing

/// The behaviour every `CharacterProviding` must have, as one spec suite a test target runs
/// against its own provider, built to serve exactly `CharacterProvidingContract.characters`:
///
/// ```swift
/// @Test(arguments: CharacterProvidingContract.Spec.allCases)
/// func myProviderMeetsTheContract(_ spec: CharacterProvidingContract.Spec) async throws {
///     try await CharacterProvidingContract.verify(spec) { characters in MyProvider(serving: characters) }
/// }
/// ```
public enum CharacterProvidingContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case firstPageIsInNameOrder
        case pagesFollowOnAndCoverTheSetOnce
        case lastPageHoldsWhatIsLeft
        case offsetPastTheEndIsEmptyButCounted
        case nameStartsWithFiltersIgnoringCase
        case nameStartsWithWithoutMatchesIsEmpty
        case filteredResultsPageToo
        case characterByIdHasEveryField
        case unknownIdIsNotFound
        case limitOutsideOneToHundredIsInvalid
        case negativeOffsetIsInvalid
        case concurrentCallsAgree
        case nameMatchesTheWholeNameIgnoringCase
        case modifiedSinceKeepsTheLaterOnes
        case workListsSelectCharactersListedWithAnId
        case orderByEachWay
        case refusedParametersAreInvalidAndNamed

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// Checks `spec` on a provider from `makeProvider`, which must serve exactly the characters
    /// it is given (`CharacterProvidingContract.characters`); failures are recorded as issues.
    public static func verify(
        _ spec: Spec,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeProvider: ([Character]) async throws -> any CharacterProviding
    ) async throws {
        let provider = try await makeProvider(characters)
        let expected = characters.sorted(by: InMemoryCharacterProvider.nameOrder)
        switch spec {
        case .firstPageIsInNameOrder:
            let page = try await provider.characters(offset: 0, limit: 10)
            #expect(page.results == Array(expected.prefix(10)), sourceLocation: sourceLocation)
            #expect((page.offset, page.limit, page.count, page.total) == (0, 10, 10, expected.count), sourceLocation: sourceLocation)
        case .pagesFollowOnAndCoverTheSetOnce:
            var seen: [Character] = []
            for offset in stride(from: 0, to: expected.count, by: 7) {
                let page = try await provider.characters(offset: offset, limit: 7)
                #expect(page.offset == offset && page.total == expected.count, sourceLocation: sourceLocation)
                seen += page.results
            }
            #expect(seen == expected, sourceLocation: sourceLocation)
        case .lastPageHoldsWhatIsLeft:
            let page = try await provider.characters(offset: expected.count - 3, limit: 20)
            #expect(page.results == Array(expected.suffix(3)), sourceLocation: sourceLocation)
            #expect(page.count == 3, sourceLocation: sourceLocation)
        case .offsetPastTheEndIsEmptyButCounted:
            let page = try await provider.characters(offset: expected.count + 5, limit: 20)
            #expect(page.results.isEmpty && page.count == 0, sourceLocation: sourceLocation)
            #expect(page.total == expected.count, sourceLocation: sourceLocation)
        case .nameStartsWithFiltersIgnoringCase:
            let page = try await provider.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "sp"))
            #expect(page.results.map(\.name) == ["Spark", "Spectra", "Spindle"], sourceLocation: sourceLocation)
            #expect(page.total == 3, sourceLocation: sourceLocation)
            let lower = try await provider.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "AURORA"))
            #expect(lower.results.map(\.name) == ["aurora borealis"], sourceLocation: sourceLocation)
        case .nameStartsWithWithoutMatchesIsEmpty:
            let page = try await provider.characters(offset: 0, limit: 20, query: CharacterQuery(nameStartsWith: "Xylophone"))
            #expect(page.results.isEmpty && page.total == 0 && page.count == 0, sourceLocation: sourceLocation)
        case .filteredResultsPageToo:
            let page = try await provider.characters(offset: 1, limit: 1, query: CharacterQuery(nameStartsWith: "Captain"))
            #expect(page.results.map(\.name) == ["Captain Tide"], sourceLocation: sourceLocation)
            #expect((page.offset, page.limit, page.count, page.total) == (1, 1, 1, 2), sourceLocation: sourceLocation)
        case .characterByIdHasEveryField:
            for character in [characters[0], characters[1], characters[2], characters[8]] {
                #expect(try await provider.character(by: character.id) == character, sourceLocation: sourceLocation)
            }
        case .unknownIdIsNotFound:
            await #expect(throws: ProviderError.notFound(id: 4_242), sourceLocation: sourceLocation) {
                try await provider.character(by: 4_242)
            }
        case .limitOutsideOneToHundredIsInvalid:
            for limit in [0, 101] {
                let error = await #expect(throws: ProviderError.self, sourceLocation: sourceLocation) {
                    try await provider.characters(offset: 0, limit: limit)
                }
                #expect(
                    error.map(isInvalidRequest) == true, "limit \(limit) gave \(String(describing: error))", sourceLocation: sourceLocation)
            }
        case .negativeOffsetIsInvalid:
            let error = await #expect(throws: ProviderError.self, sourceLocation: sourceLocation) {
                try await provider.characters(offset: -1, limit: 10)
            }
            #expect(error.map(isInvalidRequest) == true, "offset -1 gave \(String(describing: error))", sourceLocation: sourceLocation)
        case .nameMatchesTheWholeNameIgnoringCase, .modifiedSinceKeepsTheLaterOnes, .workListsSelectCharactersListedWithAnId,
            .orderByEachWay, .refusedParametersAreInvalidAndNamed:
            try await verifyQuery(spec, on: provider, expected: expected, sourceLocation: sourceLocation)
        case .concurrentCallsAgree:
            let pages = try await withThrowingTaskGroup(of: (Int, [Character]).self) { group in
                for call in 0..<16 {
                    group.addTask {
                        let offset = call % 4 * 5
                        if call % 2 == 0 {
                            return (offset, try await provider.characters(offset: offset, limit: 5).results)
                        }
                        return (offset, [try await provider.character(by: expected[offset].id)])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(pages.count == 16, sourceLocation: sourceLocation)
            for (offset, results) in pages {
                let wanted = results.count == 1 ? [expected[offset]] : Array(expected[offset..<offset + 5])
                #expect(results == wanted, sourceLocation: sourceLocation)
            }
        }
    }

    static func isInvalidRequest(_ error: ProviderError) -> Bool {
        if case .invalidRequest = error { return true }
        return false
    }
}
