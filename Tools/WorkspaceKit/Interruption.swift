import Dispatch
import Foundation
import Processes
import Synchronization

/// How a signal ends the tool. `ChildProcess.terminateChildrenOnSignals` kills the children and
/// runs the tool's clean-up; this then ends the tool by that signal, with the signal unblocked
/// (libdispatch on Linux blocks the signals it watches, so a plain `raise` from its thread can
/// be lost). Meanwhile the thread that was waiting for a child sees it die and would report
/// that as an error and exit first: it asks here instead, and waits.
enum Interruption {
    private static let number = Atomic<Int32>(0)
    private static let underway = Atomic<Bool>(false)
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// The signals that end the tool after its clean-up.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// From now on the signals kill the children, run `cleanup` and end the tool by the signal.
    static func install(cleanup: @escaping @Sendable () -> Void) {
        ChildProcess.terminateChildrenOnSignals {
            underway.store(true, ordering: .sequentiallyConsistent)
            cleanup()
            end()
        }
        // A second source per signal notes which one came (the clean-up above is not told).
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signal in signals {
                let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
                source.setEventHandler { number.store(signal, ordering: .sequentiallyConsistent) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Returns at once, or after `grace` (for a child killed just before the clean-up begins),
    /// when no signal is ending the tool; otherwise never returns.
    static func waitIfUnderway(grace: Duration = .zero) {
        let deadline = ContinuousClock.now + grace
        while !underway.load(ordering: .sequentiallyConsistent) && !ChildProcess.isStopping {
            if ContinuousClock.now >= deadline { return }
            usleep(5_000)
        }
        while true { sleep(1) }
    }

    /// Ends the process by the signal that came (SIGTERM if it is not known within a second).
    private static func end() {
        let deadline = ContinuousClock.now + .seconds(1)
        while number.load(ordering: .sequentiallyConsistent) == 0 && ContinuousClock.now < deadline { usleep(1_000) }
        let signal = number.load(ordering: .sequentiallyConsistent) == 0 ? SIGTERM : number.load(ordering: .sequentiallyConsistent)
        Foundation.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }
}
