import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The processes this program adopts once it is a child subreaper (Linux): descendants whose
/// parent ended are made its children, not init's, so that none outlives it.
enum Orphans {
    /// `PR_SET_CHILD_SUBREAPER` of `<linux/prctl.h>`.
    private static let setChildSubreaper: Int32 = 36
    private static let adopting = Atomic<Bool>(false)

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// Makes this program the subreaper of its descendants; false where the system has none.
    static func adopt() -> Bool {
        #if os(Linux)
            // `prctl` is variadic, which Swift does not import: looked up by name, called with
            // its five integer arguments (how the Linux ABIs pass variadic integers too).
            guard let symbol = dlsym(nil, "prctl") else { return false }
            let prctl = unsafeBitCast(symbol, to: Prctl.self)
            guard prctl(setChildSubreaper, 1, 0, 0, 0) == 0 else { return false }
            adopting.store(true, ordering: .sequentiallyConsistent)
            return true
        #else
            return false
        #endif
    }

    /// Kills and reaps every child of this program that no running `ChildProcess` started (the
    /// orphans it adopted), and the orphans that killing them hands over, for at most 2 s; only
    /// when `adopt()` made this program a subreaper. `everyone` takes the running children too.
    static func end(everyone: Bool = false) {
        guard adopting.load(ordering: .sequentiallyConsistent) else { return }
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            let adopted = Running.withStartsHeld { running in
                children().filter { everyone || !running.contains($0) }
            }
            guard !adopted.isEmpty else { return }
            for pid in adopted { kill(pid, SIGKILL) }
            for pid in adopted { reap(pid, before: deadline) }
        }
    }

    /// Waits for `pid`, a killed child, until `deadline`.
    private static func reap(_ pid: pid_t, before deadline: ContinuousClock.Instant) {
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { return }
            usleep(2_000)
        }
    }

    /// The processes whose parent is this one, from `/proc`.
    private static func children() -> [pid_t] {
        let me = getpid()
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), parent(of: pid) == me else { continue }
            found.append(pid)
        }
        return found
    }

    /// The parent of `pid`: the fourth field of `/proc/<pid>/stat`, after the name in parentheses.
    private static func parent(of pid: pid_t) -> pid_t? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { closeDescriptor(descriptor) }
        var received: [UInt8] = []
        while case .bytes = PipeReader.read(descriptor, into: &received) {}
        guard let close = received.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = received[(close + 1)...].split(separator: UInt8(ascii: " "))
        return fields.count > 1 ? pid_t(String(decoding: fields[1], as: UTF8.self)) : nil
    }
}
