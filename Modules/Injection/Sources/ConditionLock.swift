#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex with one condition variable: what `BuildCoordinator` guards its state with
/// and what a synchronous resolve blocks on while another thread builds the same single.
///
/// pthread, not `Mutex`: ThreadSanitizer follows a pthread mutex's hand-over between threads,
/// but not a contended `Synchronization.Mutex`'s on Linux, and `Mutex` has no condition.
// @unchecked Sendable: the mutex and condition live in memory of their own, allocated once,
// never moved, and used only through the pthread calls made to be shared between threads.
final class ConditionLock: @unchecked Sendable {  // Safe: see above.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex until `broadcast()` is called, then takes it again; call it holding it.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in `wait()`; call it holding the mutex.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
