/// A one-shot gate for holding a server handler back until a test lets it go: `wait()`
/// returns once `open()` is called or the waiting task is cancelled.
public final class Gate: Sendable {
    private let stream: AsyncStream<Never>
    private let continuation: AsyncStream<Never>.Continuation

    /// A closed gate.
    public init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// Returns when the gate opens or the task is cancelled. One waiter at a time.
    public func wait() async {
        for await _ in stream {}
    }

    /// Opens the gate for good.
    public func open() {
        continuation.finish()
    }
}
