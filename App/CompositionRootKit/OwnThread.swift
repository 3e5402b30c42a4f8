import Foundation

/// Blocking work (opening a file or a database) run off the shared pool.
enum OwnThread {
    /// `body`'s result, computed on a new thread while the caller's task is suspended.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
