import DataProviders
import Foundation
import Repository

/// The favourites as the product offers them: a store plus the rules. The character must exist
/// (asked of the repository, so through its cache); one favourite per character; a note of at
/// most 500 characters (and 2000 bytes of UTF-8) without control characters; a rating from 1 to
/// 5, or none.
public struct FavoritesService: Sendable {
    /// The longest note, in characters.
    public static let maximumNoteLength = 500
    /// The longest note in bytes of UTF-8: a character a reader sees as one may be built of many
    /// scalars (`e` with 60 000 combining accents), so characters alone bound nothing.
    public static let maximumNoteBytes = 2_000
    /// The ratings there are.
    public static let ratings = 1...5

    private let store: any FavoritesStore
    private let repository: any CharacterRepository
    private let now: @Sendable () -> Date

    /// A service keeping favourites in `store`, checking characters with `repository`, and
    /// dating changes with `now`.
    public init(store: any FavoritesStore, repository: any CharacterRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.repository = repository
        self.now = now
    }

    /// Makes the character `characterID` a favourite with `note` and `rating`. Throws
    /// `FavoritesError` for a broken rule and the repository's error when it cannot answer.
    @discardableResult
    public func add(characterID: Int, note: String = "", rating: Int? = nil) async throws -> Favorite {
        try Self.validate(note: note, rating: rating)
        if let existing = try store.favorite(characterID: characterID) {
            throw FavoritesError.alreadyFavorite(characterID: characterID, name: existing.name)
        }
        let character: Character
        do {
            character = try await repository.character(by: characterID).value
        } catch ProviderError.notFound {
            throw FavoritesError.characterNotFound(characterID: characterID)
        }
        let favorite = Favorite(characterID: characterID, name: character.name, note: note, rating: rating, addedAt: now())
        try store.add(favorite)
        return favorite
    }

    /// The favourite for `characterID`; throws `favoriteNotFound` when there is none.
    public func favorite(characterID: Int) throws(FavoritesError) -> Favorite {
        guard let favorite = try store.favorite(characterID: characterID) else { throw .favoriteNotFound(characterID: characterID) }
        return favorite
    }

    /// Every favourite, by when it was added.
    public func list() throws(FavoritesError) -> [Favorite] {
        try store.list()
    }

    /// At most `limit` favourites from `offset`, by when they were added.
    public func list(offset: Int, limit: Int) throws(FavoritesError) -> [Favorite] {
        try store.list(offset: offset, limit: limit)
    }

    /// Tells `count` how many favourites there are, then hands each to `body` by when it was
    /// added, one at a time, from one snapshot of the store.
    public func forEach(count: (Int) -> Void, _ body: (Favorite) -> Void) throws(FavoritesError) {
        try store.forEach(count: count, body)
    }

    /// Changes the note (nil keeps it) and the rating of the favourite for `characterID`, and
    /// only those it names, in one step of the store: an update of the other field at the same
    /// time, from this process or another, is kept. Checks what it is given before the store.
    @discardableResult
    public func update(characterID: Int, note: String? = nil, rating: RatingChange = .keep) throws(FavoritesError) -> Favorite {
        try Self.validate(note: note ?? "", rating: rating.applied(to: nil))
        return try store.update(characterID: characterID, note: note, rating: rating, at: now())
    }

    /// Forgets the favourite for `characterID`; throws `favoriteNotFound` when there is none.
    public func remove(characterID: Int) throws(FavoritesError) {
        try store.remove(characterID: characterID)
    }

    /// How many favourites there are.
    public func count() throws(FavoritesError) -> Int {
        try store.count()
    }

    /// The changes committed through the store from now on.
    public func changes() -> AsyncStream<FavoriteChange> {
        store.changes()
    }

    /// Throws the first rule `note` or `rating` breaks.
    public static func validate(note: String, rating: Int?) throws(FavoritesError) {
        if note.utf8.count > maximumNoteBytes { throw .noteTooLarge(bytes: note.utf8.count, maximum: maximumNoteBytes) }
        if note.count > maximumNoteLength { throw .noteTooLong(length: note.count, maximum: maximumNoteLength) }
        if note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { throw .noteHasControlCharacters }
        if let rating, !ratings.contains(rating) { throw .ratingOutOfRange(rating) }
    }
}
