/// Why a favourites operation failed, with a message that says what to do about it.
public enum FavoritesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No character has this id, so it cannot become a favourite.
    case characterNotFound(characterID: Int)
    /// The character is not a favourite.
    case favoriteNotFound(characterID: Int)
    /// The character is a favourite already: one favourite per character.
    case alreadyFavorite(characterID: Int, name: String)
    /// The note is longer than `FavoritesService.maximumNoteLength` characters.
    case noteTooLong(length: Int, maximum: Int)
    /// The note is larger than `FavoritesService.maximumNoteBytes` bytes of UTF-8.
    case noteTooLarge(bytes: Int, maximum: Int)
    /// The note holds control characters (tabs, newlines, escapes…).
    case noteHasControlCharacters
    /// The rating is not 1 to 5.
    case ratingOutOfRange(Int)
    /// The database stayed locked by another process past the busy time-out.
    case busy(path: String)
    /// The file is not a database, or it is damaged; it was left as it is.
    case damaged(path: String, reason: String)
    /// A stored favourite holds a value this program does not accept (another program wrote it);
    /// it was left as it is, and removing it works.
    case unreadableFavorite(path: String, characterID: Int, reason: String)
    /// The database's schema is at a version newer than this program knows; it was left as it is.
    case newerSchema(path: String, version: Int, known: Int)
    /// The database can be read but not written (the file's mode, its folder's, a read-only mount).
    case readOnly(path: String)
    /// The folder for the database cannot be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The database server cannot be reached, did not answer in time, or went away.
    case unavailable(server: String, reason: String)
    /// A setting names what the database server does not have, such as a database that does
    /// not exist: the setting is wrong, not the server.
    case misconfigured(server: String, reason: String)
    /// The database server refused the user or the password.
    case accessDenied(server: String, reason: String)
    /// The database failed in another way.
    case storage(path: String, reason: String)

    /// The error in one line, as a person reads it.
    public var description: String {
        switch self {
        case .characterNotFound(let id):
            "No character has id \(id), so it cannot be a favourite; 'list' shows the characters there are."
        case .favoriteNotFound(let id):
            "Character \(id) is not a favourite; 'favorites list' shows those that are."
        case .alreadyFavorite(let id, let name):
            "\(name) (\(id)) is already a favourite (one per character); change it with 'favorites update \(id)'."
        case .noteTooLong(let length, let maximum):
            "The note has \(length) characters; a note may have at most \(maximum)."
        case .noteTooLarge(let bytes, let maximum):
            "The note has \(bytes) bytes of UTF-8; a note may have at most \(maximum) (and \(FavoritesService.maximumNoteLength) characters)."
        case .noteHasControlCharacters:
            "The note has control characters (such as newlines, tabs or escapes); a note is one line of plain text."
        case .ratingOutOfRange(let rating):
            "The rating must be a whole number from 1 to 5, got \(rating)."
        case .busy(let path):
            "The favourites database \(path) is locked by another program: temporarily unavailable, try again."
        case .damaged(let path, let reason):
            "\(path) is not a favourites database or is damaged (\(reason)); it was left untouched: move it aside to start afresh."
        case .unreadableFavorite(let path, let id, let reason) where id > 0:
            "\(path): the favourite for character \(id) cannot be read: \(reason); it was left as it is: 'favorites remove \(id)' removes it."
        case .unreadableFavorite(let path, let id, let reason):
            "\(path): the favourite for character id \(id) cannot be read: \(reason); it was left as it is: only a database tool can remove it."
        case .newerSchema(let path, let version, let known):
            "\(path) has schema version \(version), newer than the version \(known) this program knows; it was left untouched: use a newer program."
        case .readOnly(let path):
            "The favourites database \(path) is read-only (its file, folder or file system cannot be written): it can be listed and shown, not changed."
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the data directory \(path): \(reason)."
        case .unavailable(let server, let reason):
            "The favourites database \(server) is unavailable: \(Self.sentence(reason))"
        case .misconfigured(let server, let reason):
            "The favourites database \(server) is not there as configured: \(Self.sentence(reason)) Check the database URL."
        case .accessDenied(let server, let reason):
            "The favourites database \(server) refused the user or password: \(Self.sentence(reason))"
        case .storage(let path, let reason):
            "The favourites database \(path) failed: \(reason)."
        }
    }

    /// `text` ending with one full stop, or its own question or exclamation mark.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last else { return "no reason given." }
        return ".?!".contains(last) ? text : text + "."
    }
}
