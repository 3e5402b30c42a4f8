import Synchronization

/// A sleeper for `RetryingHTTPClient` that returns at once and records what it was asked to
/// wait, so retry tests run instantly and can check the back-off.
public final class SleepSpy: Sendable {
    private let durations = Mutex<[Duration]>([])

    /// A spy that has recorded nothing yet.
    public init() {}

    /// Records `duration` and returns at once; throws `CancellationError` if the task is cancelled.
    public func sleep(_ duration: Duration) async throws {
        durations.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }

    /// The waits asked for so far, in order.
    public var waits: [Duration] {
        durations.withLock { $0 }
    }
}
