import Foundation
import SQLite

/// Holds the write lock of a database file from a thread of its own, as another terminal in the
/// middle of a long write would, until `release()`.
public final class DatabaseLockHolder: Sendable {
    private let acquired = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Opens the database at `path` and returns once its write lock is held.
    public init(path: String) throws {
        let database = try Database(path: path, busyTimeout: .seconds(30))
        let acquired = acquired
        let released = released
        let finished = finished
        Thread.detachNewThread {
            do {
                try database.transaction { _ in
                    acquired.signal()
                    released.wait()
                }
            } catch {
                acquired.signal()  // never leave the caller waiting; its checks then find no lock held
            }
            finished.signal()
        }
        acquired.wait()
    }

    /// Lets the lock go and waits until it is gone.
    public func release() {
        released.signal()
        finished.wait()
    }
}
