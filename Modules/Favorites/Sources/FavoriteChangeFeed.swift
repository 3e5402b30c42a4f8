import Foundation
import Synchronization

/// Hands every published change to every stream made from it, in order; a stream ends when its
/// consumer stops listening. Stores publish through one after each commit.
public final class FavoriteChangeFeed: Sendable {
    private let continuations = Mutex<[UUID: AsyncStream<FavoriteChange>.Continuation]>([:])

    /// A feed with no listeners.
    public init() {}

    /// A stream of the changes published from now on.
    public func stream() -> AsyncStream<FavoriteChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FavoriteChange.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// Delivers `change` to every stream.
    public func publish(_ change: FavoriteChange) {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield(change)
        }
    }

    deinit {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
