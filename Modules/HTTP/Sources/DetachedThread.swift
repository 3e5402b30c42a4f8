#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Starts threads with `pthread_create`, which, unlike Foundation's `Thread.start()`, says
/// when the system refuses one (out of memory, or at the RLIMIT_NPROC limit).
package enum DetachedThread {
    /// Runs `body` on a new detached thread; false, and `body` never runs, if none could start.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, &attributes, runThreadBody, context)
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

/// The closure a thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

#if canImport(Darwin)
    private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#else
    private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#endif
