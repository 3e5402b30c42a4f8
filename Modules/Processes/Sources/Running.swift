import Dispatch
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The children running now, by process group, so a signal to this program can end them.
enum Running {
    private static let groups = Mutex<Set<pid_t>>([])
    private static let handlers = Mutex<[any DispatchSourceSignal]>([])

    static func add(_ group: pid_t) {
        groups.withLock { _ = $0.insert(group) }
    }

    static func remove(_ group: pid_t) {
        groups.withLock { _ = $0.remove(group) }
    }

    /// Kills every running child's group.
    static func killAll() {
        for group in groups.withLock({ $0 }) { kill(-group, SIGKILL) }
    }

    static func handle(_ signals: [Int32], then cleanup: @escaping @Sendable () -> Void) {
        handlers.withLock { handlers in
            guard handlers.isEmpty else { return }
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    killAll()
                    cleanup()
                    signal(number, SIG_DFL)
                    // Dispatch's threads block the signals its sources watch: unblocked here,
                    // the raised signal ends the program by its default action.
                    var only = sigset_t()
                    sigemptyset(&only)
                    sigaddset(&only, number)
                    pthread_sigmask(SIG_UNBLOCK, &only, nil)
                    raise(number)
                }
                source.resume()
                handlers.append(source)
            }
        }
    }
}

extension ChildProcess {
    /// From now on, SIGINT, SIGTERM or SIGHUP to this program kills every child still running
    /// (their whole process groups), runs `cleanup`, and then ends the program by that signal.
    public static func terminateChildrenOnSignals(then cleanup: @escaping @Sendable () -> Void = {}) {
        Running.handle([SIGINT, SIGTERM, SIGHUP], then: cleanup)
    }
}
