import Foundation

/// Runs `body` on a thread of its own and returns its result. Blocking work (waiting for child
/// processes, sleeping, long disk loops) goes through here, so it does not hold one of the few
/// threads Swift concurrency shares among all tests running in parallel (two on a 2-core
/// machine), which would starve tests that serve requests asynchronously.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
