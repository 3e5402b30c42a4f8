import DataProviders
import DataProvidersTesting
import Favorites
import FavoritesTesting
import Foundation
import Repository
import RepositoryTesting
import TestSupport
import Testing

@Suite(.onOwnThread) struct FavoritesServiceTests {
    static let clock = FavoritesStoreContract.date(0)
    let repository = CharacterRepositoryStub([.sample(id: 1, name: "Nova"), .sample(id: 2, name: "Storm")])

    private func service(_ store: any FavoritesStore = InMemoryFavoritesStore()) -> FavoritesService {
        FavoritesService(store: store, repository: repository, now: { Self.clock })
    }

    @Test func addSavesTheCharactersNameAndTheTime() async throws {
        let service = service()
        let added = try await service.add(characterID: 1, note: "first", rating: 5)
        #expect(added == Favorite(characterID: 1, name: "Nova", note: "first", rating: 5, addedAt: Self.clock))
        #expect(try service.favorite(characterID: 1) == added)
        #expect(try service.list() == [added])
        #expect(try service.list(offset: 1, limit: 5) == [])
        #expect(try service.count() == 1)
    }

    @Test func aCharacterThatDoesNotExistCannotBeAFavorite() async throws {
        let service = service()
        await #expect(throws: FavoritesError.characterNotFound(characterID: 404)) { try await service.add(characterID: 404) }
        #expect(try service.count() == 0)
    }

    @Test func oneFavoritePerCharacter() async throws {
        let service = service()
        try await service.add(characterID: 2)
        await #expect(throws: FavoritesError.alreadyFavorite(characterID: 2, name: "Storm")) {
            try await service.add(characterID: 2, note: "again")
        }
        #expect(try service.favorite(characterID: 2).note == "")
    }

    @Test(arguments: [
        ("a\nb", FavoritesError.noteHasControlCharacters),
        ("tab\there", FavoritesError.noteHasControlCharacters),
        ("escape \u{1B}[31m", FavoritesError.noteHasControlCharacters),
        (String(repeating: "x", count: 501), FavoritesError.noteTooLong(length: 501, maximum: 500)),
        ("e" + String(repeating: "\u{301}", count: 60_000), FavoritesError.noteTooLarge(bytes: 120_001, maximum: 2_000)),
        (
            String(repeating: "é", count: 500) + String(repeating: "\u{301}", count: 501),
            FavoritesError.noteTooLarge(bytes: 2_002, maximum: 2_000)
        ),
    ])
    func aNoteBreakingARuleIsRefused(note: String, expected: FavoritesError) async throws {
        let service = service()
        await #expect(throws: expected) { try await service.add(characterID: 1, note: note) }
        try await service.add(characterID: 1, note: "ok")
        #expect(throws: expected) { try service.update(characterID: 1, note: note) }
        #expect(try service.favorite(characterID: 1).note == "ok")
    }

    @Test func aNoteOfExactly500CharactersIsAccepted() async throws {
        let note = String(repeating: "🦸", count: 500)
        #expect(try await service().add(characterID: 1, note: note).note == note)
    }

    @Test(arguments: [0, 6, -1])
    func aRatingOutside1To5IsRefused(rating: Int) async throws {
        let service = service()
        await #expect(throws: FavoritesError.ratingOutOfRange(rating)) { try await service.add(characterID: 1, rating: rating) }
        try await service.add(characterID: 1, rating: 3)
        #expect(throws: FavoritesError.ratingOutOfRange(rating)) { try service.update(characterID: 1, rating: .set(rating)) }
        #expect(try service.favorite(characterID: 1).rating == 3)
    }

    @Test func updateKeepsSetsAndClearsTheRating() async throws {
        let store = InMemoryFavoritesStore()
        let later = FavoritesStoreContract.date(60)
        try await service(store).add(characterID: 1, note: "n", rating: 2)
        let service = FavoritesService(store: store, repository: repository, now: { later })
        #expect(try service.update(characterID: 1, note: "m").rating == 2)
        #expect(try service.update(characterID: 1, rating: .set(4)).note == "m")
        let cleared = try service.update(characterID: 1, rating: .clear)
        #expect(cleared == Favorite(characterID: 1, name: "Nova", note: "m", rating: nil, addedAt: Self.clock, updatedAt: later))
    }

    @Test func updatingOrRemovingAMissingFavoriteIsNotFound() {
        let service = service()
        #expect(throws: FavoritesError.favoriteNotFound(characterID: 9)) { try service.update(characterID: 9, note: "x") }
        #expect(throws: FavoritesError.favoriteNotFound(characterID: 9)) { try service.remove(characterID: 9) }
        #expect(throws: FavoritesError.favoriteNotFound(characterID: 9)) { try service.favorite(characterID: 9) }
    }

    @Test func theRepositorysOtherErrorsPassThrough() async throws {
        let failing = FailingRepository(error: ProviderError.unavailable("offline"))
        let service = FavoritesService(store: InMemoryFavoritesStore(), repository: failing)
        await #expect(throws: ProviderError.unavailable("offline")) { try await service.add(characterID: 1) }
    }

    @Test func aFailingStoreSurfacesItsErrorAndNothingIsPublished() async throws {
        let base = InMemoryFavoritesStore()
        let store = FailingFavoritesStore(
            .busy(path: "/data/favorites.sqlite"), failing: [.add, .update, .remove, .count, .list], base: base)
        let service = service(store)
        var changes = service.changes().makeAsyncIterator()
        await #expect(throws: FavoritesError.busy(path: "/data/favorites.sqlite")) { try await service.add(characterID: 1) }
        #expect(throws: FavoritesError.busy(path: "/data/favorites.sqlite")) { try service.list() }
        #expect(throws: FavoritesError.busy(path: "/data/favorites.sqlite")) { try service.count() }
        try base.add(Favorite(characterID: 2, name: "Storm", addedAt: Self.clock))
        #expect(await changes.next() == .added(characterID: 2))
        #expect(throws: FavoritesError.busy(path: "/data/favorites.sqlite")) { try service.update(characterID: 2, note: "x") }
        #expect(throws: FavoritesError.busy(path: "/data/favorites.sqlite")) { try service.remove(characterID: 2) }
        #expect(try base.favorite(characterID: 2)?.note == "")
        let damaged = FavoritesService(
            store: FailingFavoritesStore(.damaged(path: "/f", reason: "file is not a database")), repository: repository)
        #expect(throws: FavoritesError.damaged(path: "/f", reason: "file is not a database")) { try damaged.favorite(characterID: 1) }
    }

    @Test func theServicePublishesWhatItsStoreCommits() async throws {
        let service = service()
        var changes = service.changes().makeAsyncIterator()
        try await service.add(characterID: 1)
        try service.update(characterID: 1, rating: .set(1))
        try service.remove(characterID: 1)
        #expect(await changes.next() == .added(characterID: 1))
        #expect(await changes.next() == .updated(characterID: 1))
        #expect(await changes.next() == .removed(characterID: 1))
    }

    @Test func everyErrorSaysWhatToDo() {
        let errors: [FavoritesError] = [
            .characterNotFound(characterID: 1), .favoriteNotFound(characterID: 1), .alreadyFavorite(characterID: 1, name: "Nova"),
            .noteTooLong(length: 501, maximum: 500), .noteTooLarge(bytes: 2_001, maximum: 2_000), .noteHasControlCharacters,
            .ratingOutOfRange(9), .busy(path: "/p"),
            .damaged(path: "/p", reason: "r"), .cannotCreateDirectory(path: "/p", reason: "r"), .storage(path: "/p", reason: "r"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix("."), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}

/// A repository whose every read throws `error`.
private struct FailingRepository: CharacterRepository {
    let error: ProviderError

    func characters(offset: Int, limit: Int, query: CharacterQuery) async throws -> Fetched<CharacterPage> { throw error }
    func character(by id: Int) async throws -> Fetched<Character> { throw error }
    var statistics: RepositoryStatistics { RepositoryStatistics() }
}
