import Foundation
import Synchronization

/// A clock for tests that moves only when told to: pass `{ clock.now }` as a repository's
/// `now` and `advance(by:)` it past a maximum age instead of sleeping.
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    /// A clock reading `start` (by default 14 November 2023, 22:13:20 UTC).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock reads.
    public var now: Date {
        current.withLock { $0 }
    }

    /// Moves the clock forward by `interval` seconds.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 += interval }
    }
}
