import Foundation

// @unchecked Sendable: `jobs` and `finished` are read and written only while holding `condition`.

/// A task executor with one thread of its own: the jobs of the tasks that prefer it (SE-0417)
/// run there, one after another, until `finish()`. Blocking on that thread (waiting for a
/// process, a lock, a socket) holds no thread of the pool Swift concurrency shares.
///
/// `NSCondition`, not `Mutex`, guards the queue: ThreadSanitizer follows a pthread mutex's
/// hand-over between threads, but not a contended `Synchronization.Mutex`'s on Linux.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {  // Safe: see the comment above.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    /// The key under which an executor's thread marks itself in its own thread dictionary.
    private static let marker = "TestSupport.ThreadExecutor"

    /// Whether the caller runs on the thread of a `ThreadExecutor`.
    public static var isCurrent: Bool {
        Thread.current.threadDictionary[marker] != nil
    }

    /// Starts the thread.
    public init() {
        Thread { [self] in
            Thread.current.threadDictionary[Self.marker] = true
            runJobs()
        }.start()
    }

    /// Queues `job` for the executor's thread, which runs the jobs in order.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs queued so far have run.
    public func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            let (ready, done) = (jobs, finished)
            jobs = []
            condition.unlock()
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if done && ready.isEmpty { return }
        }
    }
}
