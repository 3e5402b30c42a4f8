import Foundation
import Injection
import Synchronization

/// A wait that did not end within its bound: the deadlock or hang a test looks for.
struct TimedOut: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "did not finish within \(seconds) s" }
}

/// Resumes a continuation once: with the first result, or with `TimedOut`.
private final class Once<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)

    func set(_ continuation: CheckedContinuation<T, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(with result: Result<T, any Error>) {
        continuation.withLock { waiting in
            waiting?.resume(with: result)
            waiting = nil
        }
    }
}

/// How long a test waits for something that must not hang: wide, for a loaded 2-core machine.
let hangBound = 60.0

/// Runs `body`, which may block, on a thread of its own, so no thread of the cooperative pool
/// waits; throws `TimedOut` if it has not returned within `seconds` (the thread is left behind).
func onThread<T: Sendable>(within seconds: Double = hangBound, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    let once = Once<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.set(continuation)
        let thread = Thread { once.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
        timeOut(once, after: seconds)
    }
}

/// Resumes `once` with `TimedOut` after `seconds`, from a thread: so even when every thread of
/// the cooperative pool is blocked, the bound still ends.
private func timeOut<T>(_ once: Once<T>, after seconds: Double) {
    Thread {
        Thread.sleep(forTimeInterval: seconds)
        once.resume(with: .failure(TimedOut(seconds: seconds)))
    }.start()
}

/// Runs `body` in a task; throws `TimedOut` if it has not returned within `seconds`.
func bounded<T: Sendable>(within seconds: Double = hangBound, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let once = Once<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.set(continuation)
        Task {
            do { once.resume(with: .success(try await body())) } catch { once.resume(with: .failure(error)) }
        }
        timeOut(once, after: seconds)
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Counts from any thread.
final class Counter: Sendable {
    private let value = Atomic(0)

    @discardableResult
    func tick() -> Int { value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }

    var count: Int { value.load(ordering: .sequentiallyConsistent) }
}

/// A latch a thread blocks on until another opens it.
final class Latch: Sendable {
    private let condition = NSCondition()
    private let opened = Atomic(false)

    func open() {
        condition.lock()
        opened.store(true, ordering: .sequentiallyConsistent)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until opened, at most `seconds`; whether it was opened.
    @discardableResult
    func wait(seconds: Double = hangBound) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !opened.load(ordering: .sequentiallyConsistent) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

/// A container a builder refers to before it exists: set once it is made.
final class Late: Sendable {
    private let stored = Mutex<Container?>(nil)

    var container: Container {
        get throws {
            guard let container = stored.withLock({ $0 }) else { throw NotYetMade() }
            return container
        }
    }

    struct NotYetMade: Error {}

    func set(_ container: Container) { stored.withLock { $0 = container } }
}
