import Favorites
import Foundation
import TestSupport
import Testing

/// The behaviour every `FavoritesStore` must have, as one spec suite a test target runs against
/// its own store, on an empty store and on one that already holds favourites:
///
/// ```swift
/// @Test(arguments: FavoritesStoreContract.Spec.allCases, FavoritesStoreContract.Filling.allCases)
/// func myStoreMeetsTheContract(_ spec: FavoritesStoreContract.Spec, _ filling: FavoritesStoreContract.Filling) async throws {
///     try await FavoritesStoreContract.verify(spec, on: filling) { try MyStore() }
/// }
/// ```
public enum FavoritesStoreContract {
    /// One rule of the contract.
    public enum Spec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case addedFavoriteReadsBack
        case missingFavoriteReadsAsNil
        case secondAddOfACharacterIsRefusedAndChangesNothing
        case listIsOrderedByAddedAtThenCharacterID
        case listPagesByOffsetAndLimit
        case updateChangesNoteRatingAndUpdatedAtOnly
        case updateCanClearTheRating
        case updateOfAMissingFavoriteIsRefusedAndChangesNothing
        case updateChangesOnlyTheFieldsItNames
        case concurrentUpdatesOfDifferentFieldsAllSurvive
        case removeForgetsOnlyThatFavorite
        case removeOfAMissingFavoriteIsRefusedAndChangesNothing
        case awkwardTextRoundTrips
        case forEachCountsThenWalksTheListInOrder
        case committedChangesArePublishedInOrder
        case concurrentWritersLoseNothing

        /// The spec's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// What the store holds before the spec runs.
    public enum Filling: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Nothing.
        case empty
        /// Three favourites added before any of the spec's (ids 900 001 to 900 003).
        case nonEmpty

        /// The filling's name, as test reports show it.
        public var testDescription: String { rawValue }
    }

    /// A date `seconds` after a fixed moment, for favourites in a known order.
    public static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + seconds)
    }

    /// Checks `spec` on a fresh store from `makeStore`, filled as `filling` says, recording
    /// failures as test issues.
    public static func verify(
        _ spec: Spec,
        on filling: Filling,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeStore: () throws -> any FavoritesStore
    ) async throws {
        let store = try makeStore()
        let background =
            filling == .empty
            ? []
            : (1...3).map {
                Favorite(characterID: 900_000 + $0, name: "Background \($0)", note: "kept", rating: $0, addedAt: date(Double(-10 + $0)))
            }
        for favorite in background { try store.add(favorite) }
        let checker = Checker(store: store, background: background, sourceLocation: sourceLocation)
        try await checker.check(spec)
    }

    private struct Checker {
        let store: any FavoritesStore
        let background: [Favorite]
        let sourceLocation: SourceLocation

        func check(_ spec: Spec) async throws {
            switch spec {
            case .addedFavoriteReadsBack: try addedFavoriteReadsBack()
            case .missingFavoriteReadsAsNil: try missingFavoriteReadsAsNil()
            case .secondAddOfACharacterIsRefusedAndChangesNothing: try secondAddIsRefused()
            case .listIsOrderedByAddedAtThenCharacterID: try listIsOrdered()
            case .listPagesByOffsetAndLimit: try listPages()
            case .updateChangesNoteRatingAndUpdatedAtOnly: try updateChangesOnlyItsFields()
            case .updateCanClearTheRating: try updateCanClearTheRating()
            case .updateOfAMissingFavoriteIsRefusedAndChangesNothing: try updateOfMissingIsRefused()
            case .updateChangesOnlyTheFieldsItNames: try updateChangesOnlyTheFieldsItNames()
            case .concurrentUpdatesOfDifferentFieldsAllSurvive: try await concurrentUpdatesOfDifferentFieldsAllSurvive()
            case .removeForgetsOnlyThatFavorite: try removeForgetsOnlyThatFavorite()
            case .removeOfAMissingFavoriteIsRefusedAndChangesNothing: try removeOfMissingIsRefused()
            case .awkwardTextRoundTrips: try awkwardTextRoundTrips()
            case .forEachCountsThenWalksTheListInOrder: try forEachWalksTheList()
            case .committedChangesArePublishedInOrder: try await changesArePublished()
            case .concurrentWritersLoseNothing: try await concurrentWritersLoseNothing()
            }
        }

        private func sample(_ id: Int, at seconds: Double = 0) -> Favorite {
            Favorite(characterID: id, name: "Hero \(id)", note: "note \(id)", rating: id % 5 + 1, addedAt: date(seconds))
        }

        private func addedFavoriteReadsBack() throws {
            let favorite = sample(1)
            try store.add(favorite)
            #expect(try store.favorite(characterID: 1) == favorite, sourceLocation: sourceLocation)
            #expect(try store.count() == background.count + 1, sourceLocation: sourceLocation)
            #expect(try store.list() == background + [favorite], sourceLocation: sourceLocation)
        }

        private func missingFavoriteReadsAsNil() throws {
            #expect(try store.favorite(characterID: 42) == nil, sourceLocation: sourceLocation)
            #expect(try store.count() == background.count, sourceLocation: sourceLocation)
            #expect(try store.list() == background, sourceLocation: sourceLocation)
        }

        private func secondAddIsRefused() throws {
            let first = sample(1)
            try store.add(first)
            let before = try store.list()
            let second = Favorite(characterID: 1, name: "Impostor", note: "other", rating: nil, addedAt: date(5))
            #expect(throws: FavoritesError.alreadyFavorite(characterID: 1, name: "Hero 1"), sourceLocation: sourceLocation) {
                try store.add(second)
            }
            #expect(try store.list() == before, sourceLocation: sourceLocation)
            #expect(try store.favorite(characterID: 1) == first, sourceLocation: sourceLocation)
        }

        private func listIsOrdered() throws {
            let added = [sample(30, at: 3), sample(10, at: 1), sample(22, at: 2), sample(21, at: 2)]
            for favorite in added { try store.add(favorite) }
            let ids = try store.list().map(\.characterID)
            #expect(ids == background.map(\.characterID) + [10, 21, 22, 30], sourceLocation: sourceLocation)
        }

        private func listPages() throws {
            for id in 1...7 { try store.add(sample(id, at: Double(id))) }
            let all = try store.list()
            #expect(all.count == background.count + 7, sourceLocation: sourceLocation)
            #expect(try store.list(offset: 0, limit: 3) == Array(all.prefix(3)), sourceLocation: sourceLocation)
            #expect(try store.list(offset: 3, limit: 3) == Array(all.dropFirst(3).prefix(3)), sourceLocation: sourceLocation)
            #expect(try store.list(offset: all.count - 1, limit: 5) == [all[all.count - 1]], sourceLocation: sourceLocation)
            #expect(try store.list(offset: all.count, limit: 5) == [], sourceLocation: sourceLocation)
            #expect(try store.list(offset: 0, limit: 0) == [], sourceLocation: sourceLocation)
            #expect(try store.list(offset: -4, limit: 2) == Array(all.prefix(2)), sourceLocation: sourceLocation)
        }

        private func updateChangesOnlyItsFields() throws {
            let original = sample(1)
            try store.add(original)
            let attempt = Favorite(characterID: 1, name: "Renamed", note: "better", rating: 5, addedAt: date(-999), updatedAt: date(60))
            try store.update(attempt)
            let expected = original.updated(note: "better", rating: 5, at: date(60))
            #expect(try store.favorite(characterID: 1) == expected, sourceLocation: sourceLocation)
            #expect(try store.list() == background + [expected], sourceLocation: sourceLocation)
        }

        private func updateCanClearTheRating() throws {
            try store.add(sample(1))
            try store.update(sample(1).updated(note: "", rating: nil, at: date(9)))
            let stored = try store.favorite(characterID: 1)
            #expect(stored?.rating == nil, sourceLocation: sourceLocation)
            #expect(stored?.note == "", sourceLocation: sourceLocation)
        }

        private func updateOfMissingIsRefused() throws {
            let before = try store.list()
            #expect(throws: FavoritesError.favoriteNotFound(characterID: 7), sourceLocation: sourceLocation) {
                try store.update(sample(7))
            }
            #expect(throws: FavoritesError.favoriteNotFound(characterID: 7), sourceLocation: sourceLocation) {
                try store.update(characterID: 7, note: nil, rating: .set(2), at: date(9))
            }
            #expect(try store.list() == before, sourceLocation: sourceLocation)
            #expect(try store.favorite(characterID: 7) == nil, sourceLocation: sourceLocation)
        }

        private func updateChangesOnlyTheFieldsItNames() throws {
            let original = sample(1)
            try store.add(original)
            var expected = original.updated(note: "only the note", rating: original.rating, at: date(10))
            #expect(
                try store.update(characterID: 1, note: "only the note", rating: .keep, at: date(10)) == expected,
                sourceLocation: sourceLocation)
            #expect(try store.favorite(characterID: 1) == expected, sourceLocation: sourceLocation)
            expected = expected.updated(note: expected.note, rating: 5, at: date(20))
            #expect(try store.update(characterID: 1, note: nil, rating: .set(5), at: date(20)) == expected, sourceLocation: sourceLocation)
            #expect(try store.favorite(characterID: 1) == expected, sourceLocation: sourceLocation)
            expected = expected.updated(note: expected.note, rating: nil, at: date(30))
            #expect(try store.update(characterID: 1, note: nil, rating: .clear, at: date(30)) == expected, sourceLocation: sourceLocation)
            #expect(try store.favorite(characterID: 1) == expected, sourceLocation: sourceLocation)
            expected = expected.updated(note: expected.note, rating: nil, at: date(40))
            #expect(try store.update(characterID: 1, note: nil, rating: .keep, at: date(40)) == expected, sourceLocation: sourceLocation)
            #expect(try store.list() == background + [expected], sourceLocation: sourceLocation)
        }

        /// Four favourites, each updated at once by two tasks again and again, one task changing
        /// its note and one its rating; before each of its updates a task finds its field as it
        /// last left it, and at the end both last values are there. A store that reads the
        /// favourite and writes it back whole undoes some of the other task's changes. Each task
        /// runs on a thread of its own (a store call may wait for a lock), all eight let go at
        /// once, for at least 100 updates and 0.2 s, so they really overlap.
        private func concurrentUpdatesOfDifferentFieldsAllSurvive() async throws {
            let ids = Array(1...4)
            for id in ids { try store.add(sample(id)) }
            let store = self.store
            let gate = StartingGate(threads: 2 * ids.count)
            var runs: [FieldRun] = []
            try await withThrowingTaskGroup(of: FieldRun?.self) { group in
                group.addTask {
                    try await onOwnThread { gate.open() }
                    return nil
                }
                for id in ids {
                    let original = try store.favorite(characterID: id)
                    for field in [Field.note, .rating] {
                        group.addTask {
                            try await onOwnThread {
                                gate.pass()
                                return try field.updateAgainAndAgain(id, from: original, on: store)
                            }
                        }
                    }
                }
                for try await run in group { run.map { runs.append($0) } }
            }
            for run in runs {
                if let problem = run.problem { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
                let stored = run.field.value(try store.favorite(characterID: run.id))
                #expect(
                    stored == run.last, "favourite \(run.id): its \(run.field) is \(stored ?? "gone"), not \(run.last ?? "none")",
                    sourceLocation: sourceLocation)
            }
            #expect(try store.count() == background.count + ids.count, sourceLocation: sourceLocation)
        }

        private func removeForgetsOnlyThatFavorite() throws {
            try store.add(sample(1, at: 1))
            try store.add(sample(2, at: 2))
            try store.remove(characterID: 1)
            #expect(try store.favorite(characterID: 1) == nil, sourceLocation: sourceLocation)
            #expect(try store.list() == background + [sample(2, at: 2)], sourceLocation: sourceLocation)
            try store.add(sample(1, at: 3))
            #expect(try store.favorite(characterID: 1) == sample(1, at: 3), sourceLocation: sourceLocation)
        }

        private func removeOfMissingIsRefused() throws {
            try store.add(sample(1))
            let before = try store.list()
            #expect(throws: FavoritesError.favoriteNotFound(characterID: 2), sourceLocation: sourceLocation) {
                try store.remove(characterID: 2)
            }
            #expect(try store.list() == before, sourceLocation: sourceLocation)
        }

        private func awkwardTextRoundTrips() throws {
            let notes = ["", "'; DROP TABLE favorites; --", "Ünïcödé 🦸‍♀️🚀 \"quoted\" \\ back", String(repeating: "é", count: 500)]
            for (offset, note) in notes.enumerated() {
                let favorite = Favorite(characterID: offset + 1, name: "Name \(note.prefix(20))", note: note, addedAt: date(Double(offset)))
                try store.add(favorite)
                #expect(try store.favorite(characterID: offset + 1) == favorite, sourceLocation: sourceLocation)
            }
            #expect(try store.count() == background.count + notes.count, sourceLocation: sourceLocation)
        }

        private func forEachWalksTheList() throws {
            for (id, seconds) in [(3, 2.0), (1, 1.0), (2, 1.0)] { try store.add(sample(id, at: seconds)) }
            var counted: Int?
            var walked: [Favorite] = []
            try store.forEach(count: { counted = $0 }) { favorite in
                #expect(counted != nil, "forEach handed a favourite before the count", sourceLocation: sourceLocation)
                walked.append(favorite)
            }
            #expect(counted == background.count + 3, sourceLocation: sourceLocation)
            #expect(walked == (try store.list()), sourceLocation: sourceLocation)
        }

        private func changesArePublished() async throws {
            var changes = store.changes().makeAsyncIterator()
            try store.add(sample(1))
            #expect(await changes.next() == .added(characterID: 1), sourceLocation: sourceLocation)
            #expect(throws: FavoritesError.self, sourceLocation: sourceLocation) { try store.add(sample(1)) }
            #expect(throws: FavoritesError.self, sourceLocation: sourceLocation) { try store.remove(characterID: 99) }
            try store.update(sample(1).updated(note: "new", rating: nil, at: date(1)))
            #expect(await changes.next() == .updated(characterID: 1), sourceLocation: sourceLocation)
            try store.remove(characterID: 1)
            #expect(await changes.next() == .removed(characterID: 1), sourceLocation: sourceLocation)
        }

        private func concurrentWritersLoseNothing() async throws {
            let writers = 8
            let each = 25
            let store = self.store
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for index in 0..<each {
                            let id = writer * 1000 + index + 1  // ids are positive, as a stored favourite's must be
                            try store.add(Favorite(characterID: id, name: "W\(writer)", addedAt: date(Double(index))))
                            if index % 5 == 0 {
                                try store.update(
                                    Favorite(
                                        characterID: id, name: "W\(writer)", note: "edited", rating: 3, addedAt: date(0),
                                        updatedAt: date(99)))
                            }
                            if index % 7 == 0 { try store.remove(characterID: id) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let removed = Set((0..<each).filter { $0 % 7 == 0 })
            let kept = (0..<writers).flatMap { writer in (0..<each).filter { !removed.contains($0) }.map { writer * 1000 + $0 + 1 } }
            #expect(try store.count() == background.count + kept.count, sourceLocation: sourceLocation)
            for id in kept {
                let stored = try store.favorite(characterID: id)
                #expect(stored?.note == ((id - 1) % 1000 % 5 == 0 ? "edited" : ""), sourceLocation: sourceLocation)
            }
        }
    }

    /// A field an update names.
    private enum Field: String, Sendable {
        case note
        case rating

        /// The field's value in `favorite`, as text.
        func value(_ favorite: Favorite?) -> String? {
            guard let favorite else { return nil }
            return self == .note ? favorite.note : favorite.rating.map(String.init) ?? "none"
        }

        /// Sets this field of favourite `id`, and only it, to the value of `step`; returns it.
        func set(step: Int, of id: Int, on store: any FavoritesStore) throws -> String {
            switch self {
            case .note:
                try store.update(characterID: id, note: "note \(step)", rating: .keep, at: date(Double(step)))
                return "note \(step)"
            case .rating:
                try store.update(characterID: id, note: nil, rating: .set(step % 5 + 1), at: date(Double(step)))
                return String(step % 5 + 1)
            }
        }

        /// Updates this field of favourite `id` at least 100 times and for at least 0.2 s,
        /// checking before each update that the field is as the last one left it (blocking).
        func updateAgainAndAgain(_ id: Int, from original: Favorite?, on store: any FavoritesStore) throws -> FieldRun {
            var last = value(original)
            let deadline = ContinuousClock.now + .milliseconds(200)
            var step = 0
            while step < 100 || (ContinuousClock.now < deadline && step < 100_000) {
                step += 1
                let found = value(try store.favorite(characterID: id))
                guard found == last else {
                    let problem =
                        "favourite \(id), before \(rawValue) update \(step): "
                        + "the \(rawValue) is \(found ?? "gone"), not \(last ?? "none")"
                    return FieldRun(id: id, field: self, last: found, problem: problem)
                }
                last = try set(step: step, of: id, on: store)
            }
            return FieldRun(id: id, field: self, last: last, problem: nil)
        }
    }

    /// How one task's updates of one field went: the value it left, or what it found undone.
    private struct FieldRun: Sendable {
        let id: Int
        let field: Field
        let last: String?
        let problem: String?
    }

    /// Holds threads until all have arrived, then lets them go together.
    private final class StartingGate: Sendable {
        private let threads: Int
        private let arrived = DispatchSemaphore(value: 0)
        private let opened = DispatchSemaphore(value: 0)

        init(threads: Int) {
            self.threads = threads
        }

        /// Waits for the gate to open (blocking: on a thread of the caller's own).
        func pass() {
            arrived.signal()
            opened.wait()
        }

        /// Waits for every thread to arrive, then lets them all go (blocking).
        func open() {
            for _ in 0..<threads { arrived.wait() }
            for _ in 0..<threads { opened.signal() }
        }
    }
}
