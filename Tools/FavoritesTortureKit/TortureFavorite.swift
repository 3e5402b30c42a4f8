import Favorites
import Foundation

/// The favourites the `favorites-torture` child writes and the fault tests check, derived from
/// the character id (and an update's generation), so a reader can tell a complete row from a
/// torn or mixed one.
public enum TortureFavorite {
    /// The first character id of `writer`'s range in a mixed run; writers never share an id.
    public static func firstID(writer: Int) -> Int {
        (writer + 1) * 100_000
    }

    /// The note for `id` at `generation` (0 when added, then each update's number): about 400
    /// characters that name both, so any mix of two rows shows.
    public static func note(id: Int, generation: Int) -> String {
        let head = "id \(id) generation \(generation) "
        return head + String(repeating: "\(id % 10)", count: 400 - head.count)
    }

    /// The rating for `id` at `generation`: nil every seventh, else 1…5.
    public static func rating(id: Int, generation: Int) -> Int? {
        (id + generation) % 7 == 0 ? nil : (id + generation) % 5 + 1
    }

    /// The favourite for `id` as added at `date`.
    public static func added(id: Int, at date: Date = Date()) -> Favorite {
        Favorite(
            characterID: id, name: "Torture \(id)", note: note(id: id, generation: 0), rating: rating(id: id, generation: 0), addedAt: date)
    }

    /// `favorite` as update number `generation` changes it.
    public static func updated(_ favorite: Favorite, generation: Int, at date: Date = Date()) -> Favorite {
        favorite.updated(
            note: note(id: favorite.characterID, generation: generation), rating: rating(id: favorite.characterID, generation: generation),
            at: date)
    }

    /// The generation `favorite` holds; throws unless its name, note and rating are exactly
    /// those of one generation of its id.
    public static func verify(_ favorite: Favorite) throws -> Int {
        let id = favorite.characterID
        guard favorite.name == "Torture \(id)", let generationText = favorite.note.split(separator: " ").dropFirst(3).first,
            let generation = Int(generationText), favorite.note == note(id: id, generation: generation),
            favorite.rating == rating(id: id, generation: generation)
        else {
            throw Mismatch(
                description:
                    "favourite \(id) is not one the writer wrote: \(favorite.name), rating \(favorite.rating.map(String.init) ?? "none"), note \(favorite.note.prefix(60))…"
            )
        }
        return generation
    }

    /// In a mixed run, whether `writer` removes its `index`th favourite after updating it.
    public static func isRemoved(index: Int) -> Bool {
        index % 3 == 0
    }

    /// A favourite that no generation of the torture writer would have written.
    public struct Mismatch: Error, CustomStringConvertible {
        /// What differs from what the writer would have written.
        public let description: String
    }
}
