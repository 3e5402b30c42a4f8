import Foundation
import Synchronization

/// A task executor with one thread of its own: the jobs of the tasks that prefer it (SE-0417)
/// run there, one after another, until `finish()`. Blocking on that thread (waiting for a
/// process, a lock, a socket) holds no thread of the pool Swift concurrency shares.
public final class ThreadExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    /// The threads of the executors running now.
    private static let threads = Mutex<[pthread_t]>([])

    /// Whether the caller runs on the thread of a `ThreadExecutor`.
    public static var isCurrent: Bool {
        let current = pthread_self()
        return threads.withLock { $0.contains { pthread_equal($0, current) != 0 } }
    }

    /// Starts the thread.
    public init() {
        Thread { [self] in
            let current = pthread_self()
            Self.threads.withLock { $0.append(current) }
            runJobs()
            Self.threads.withLock { $0.removeAll { pthread_equal($0, current) != 0 } }
        }.start()
    }

    /// Queues `job` for the executor's thread, which runs the jobs in order.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Ends the thread once the jobs queued so far have run.
    public func finish() {
        state.withLock { $0.finished = true }
        ready.signal()
    }

    private func runJobs() {
        while true {
            ready.wait()
            let (jobs, finished) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.finished)
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if finished { return }
        }
    }
}
