import Favorites
import Foundation
import Postgres
import Synchronization

/// Listens, on a connection and a thread of its own, for the changes every
/// `PostgresFavoritesStore` announces, and publishes on `feed` those another store made.
/// Started once by the first `changes()`; reconnects after the server goes away (changes
/// committed meanwhile are not replayed); stopped when its store is gone.
final class PostgresChangeListener: Sendable {
    private let configuration: PostgresConfiguration
    private let origin: String
    private let feed: FavoriteChangeFeed
    private let state = Mutex(State.idle)

    private enum State {
        case idle, listening, stopped
    }

    init(configuration: PostgresConfiguration, origin: String, feed: FavoriteChangeFeed) {
        self.configuration = configuration
        self.origin = origin
        self.feed = feed
    }

    /// What a store announces for `change`: `origin change id`.
    static func payload(origin: String, change: FavoriteChange) -> String {
        let kind =
            switch change {
            case .added: "added"
            case .updated: "updated"
            case .removed: "removed"
            }
        return "\(origin) \(kind) \(change.characterID)"
    }

    /// The change `payload` announces and the store that made it, or nil for anything else.
    static func change(_ payload: String) -> (origin: String, change: FavoriteChange)? {
        let parts = payload.split(separator: " ")
        guard parts.count == 3, let id = Int(parts[2]) else { return nil }
        let change: FavoriteChange? =
            switch parts[1] {
            case "added": .added(characterID: id)
            case "updated": .updated(characterID: id)
            case "removed": .removed(characterID: id)
            default: nil
            }
        return change.map { (String(parts[0]), $0) }
    }

    /// Starts listening, once, and returns when the server listens for us (or could not be
    /// reached: then the thread keeps trying).
    func start() {
        let starting = state.withLock { state in
            guard case .idle = state else { return false }
            state = .listening
            return true
        }
        guard starting else { return }
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in listen(ready) }
        ready.wait()
    }

    /// Ends the thread within a poll interval.
    func stop() {
        state.withLock { $0 = .stopped }
    }

    private var isStopped: Bool {
        state.withLock { if case .stopped = $0 { true } else { false } }
    }

    private func listen(_ ready: DispatchSemaphore) {
        var signalled = false
        defer { if !signalled { ready.signal() } }
        while !isStopped {
            do {
                let connection = try PostgresConnection(configuration: configuration)
                try connection.run("LISTEN \(PostgresFavoritesSchema.channel)")
                if !signalled {
                    signalled = true
                    ready.signal()
                }
                while !isStopped {
                    for notification in try connection.notifications(waitingUpTo: .milliseconds(100)) {
                        guard let (sender, change) = Self.change(notification.payload), sender != origin else { continue }
                        feed.publish(change)
                    }
                }
            } catch {
                if !signalled {
                    signalled = true
                    ready.signal()
                }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }
}
