import Foundation

/// Runs blocking work on a thread of its own.
enum OwnThread {
    /// `body`'s result, computed on a new thread while the caller's task is suspended.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
