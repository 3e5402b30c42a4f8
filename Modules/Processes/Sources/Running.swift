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
    private static let stopping = Atomic<Bool>(false)

    /// How long children told to stop get before they are killed.
    static let stopGrace = Duration.seconds(5)

    /// Whether a signal is ending this program and its children.
    static var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Starts a child with `start` and notes it, with no other start or `withStartsHeld` in
    /// between, so a child is never taken for an orphan between its start and its note.
    static func start<E: Error>(_ start: () throws(E) -> pid_t) throws(E) -> pid_t {
        try groups.withLock { groups throws(E) -> pid_t in
            let child = try start()
            groups.insert(child)
            return child
        }
    }

    /// `body`'s result given the running children, with no child started meanwhile.
    static func withStartsHeld<T: Sendable>(_ body: (Set<pid_t>) -> T) -> T {
        groups.withLock { body($0) }
    }

    static func remove(_ group: pid_t) {
        groups.withLock { _ = $0.remove(group) }
    }

    /// Stops every running child as a terminal would: `signal` to its group, so that a build
    /// stops its own children; after `stopGrace`, SIGKILL to the groups still running; then the
    /// orphans adopted are killed.
    static func stopAll(by signal: Int32) {
        stopping.store(true, ordering: .sequentiallyConsistent)
        // A child started another way (`track`) may not lead a group of its own.
        for group in groups.withLock({ $0 }) where kill(-group, signal) != 0 { kill(group, signal) }
        let deadline = ContinuousClock.now + stopGrace
        while !groups.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline { usleep(10_000) }
        for group in groups.withLock({ $0 }) { kill(-group, SIGKILL) }
        Orphans.end(everyone: true)
    }

    static func handle(_ signals: [Int32], then cleanup: @escaping @Sendable () -> Void) {
        handlers.withLock { handlers in
            guard handlers.isEmpty else { return }
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    stopAll(by: number)
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
    /// From now on, SIGINT, SIGTERM or SIGHUP to this program stops every child still running
    /// (that signal to their process groups, SIGKILL to what still runs after a few seconds, and
    /// every orphan adopted killed), runs `cleanup`, and then ends the program by that signal.
    public static func terminateChildrenOnSignals(then cleanup: @escaping @Sendable () -> Void = {}) {
        Running.handle([SIGINT, SIGTERM, SIGHUP], then: cleanup)
    }

    /// Runs `start`, which starts a child some other way (Foundation's `Process`) and returns its
    /// id, and notes the child as `run` notes its own: a signal stops it as it stops them, and it
    /// is never taken for an orphan. Call `forget` once it has ended.
    public static func track(_ start: () throws -> Int32) throws -> Int32 {
        try Running.start(start)
    }

    /// Forgets a child `track` noted, once it has ended.
    public static func forget(_ pid: Int32) {
        Running.remove(pid)
    }

    /// Whether a signal is ending this program: a child that ended meanwhile was stopped by it.
    public static var isStopping: Bool { Running.isStopping }

    /// On Linux, makes this program the subreaper of its descendants: a process whose parent
    /// ends becomes this program's child (not init's), and `endOrphans()`, a time-out or a signal
    /// ends it. Returns false where the system cannot. For a program's `main`: in a process that
    /// starts children in other ways too (a test runner), orphans of those would be ended.
    @discardableResult public static func adoptOrphans() -> Bool {
        Orphans.adopt()
    }

    /// Kills and reaps the orphans adopted since `adoptOrphans()` (none unless it was called):
    /// for a program's last moments, so that no descendant outlives it.
    public static func endOrphans() {
        Orphans.end()
    }
}
