import Dispatch
import HTTPTypes
import Synchronization

/// Runs a handler's task on the connection thread that waits for its response, so a request is
/// answered without a thread of the pool Swift concurrency shares: a process whose shared
/// threads are all busy (blocking work, long computations; Swift does not pre-empt a task)
/// still answers its clients. The handler's task prefers this executor (SE-0417); its jobs are
/// queued here and run by `response()`, on the thread that calls it. An actor the handler
/// calls runs on the actor's own executor, as anywhere.
final class ConnectionExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var response: HTTPResponse?
    }

    private let state = Mutex(State())
    /// Signalled for every job queued and for the response.
    private let ready = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Hands the handler's response to the thread waiting in `response()`.
    func fill(_ response: HTTPResponse) {
        state.withLock { $0.response = response }
        ready.signal()
    }

    /// Runs the queued jobs on this thread until the response is filled in, and returns it.
    func response() -> HTTPResponse {
        while true {
            ready.wait()
            let (jobs, response) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.response)
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if let response { return response }
        }
    }
}
