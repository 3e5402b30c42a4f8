import Synchronization

/// Runs at most one piece of work per key at a time: a call for a key that is already in
/// flight joins it and gets its outcome, success or failure. A key leaves the table as soon
/// as its work ends, so the next call starts afresh.
///
/// The shared work runs in its own task, so a caller that is cancelled does not cancel it
/// for the callers that joined.
final class RequestCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let inFlight = Mutex<[Key: Task<Value, any Error>]>([:])

    /// The outcome of `work` for `key`, run now or joined if already running; `onJoin` is
    /// called, before waiting, when this call joins a run in flight.
    func value(
        for key: Key,
        onJoin: () -> Void,
        work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let (task, joined) = inFlight.withLock { tasks in
            if let running = tasks[key] { return (running, true) }
            let task = Task {
                defer { self.inFlight.withLock { _ = $0.removeValue(forKey: key) } }
                return try await work()
            }
            tasks[key] = task
            return (task, false)
        }
        if joined { onJoin() }
        return try await task.value
    }
}
