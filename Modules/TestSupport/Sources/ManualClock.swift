import Foundation
import Synchronization

/// A clock for tests that stands still until the test moves it; pass `clock.now` as a cache's `now`.
public final class ManualClock: Sendable {
    private let date: Mutex<Date>

    /// A clock showing `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        date = Mutex(start)
    }

    /// The time the clock shows.
    public func now() -> Date {
        date.withLock { $0 }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        date.withLock { $0.addTimeInterval(seconds) }
    }
}
