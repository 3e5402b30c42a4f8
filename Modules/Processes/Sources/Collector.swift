#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Reads a child's standard output and error together until both close, keeping a bounded
/// part of each (`KeptOutput`); closes both descriptors. Given a deadline, the run is bounded
/// however much the child writes: the child's process group is killed when it passes, and
/// when the child ends first, what it left running in its group (and the orphans adopted) is
/// killed, and output still held open by them is read for at most `ChildProcess.drainAfterKill`.
struct Collector {
    private(set) var standardOutput = KeptOutput(half: ChildProcess.keptBytes / 2)
    private(set) var standardError = KeptOutput(half: ChildProcess.keptBytes / 2)
    /// Whether the deadline passed and the group was killed.
    private(set) var killed = false
    /// How the child ended, when it was reaped while its output was read.
    private(set) var ending: Int32?
    private var open: [Int32]
    private let output: Int32
    private let child: pid_t
    private var deadline: ContinuousClock.Instant?

    init(output: Int32, errors: Int32?, child: pid_t, deadline: ContinuousClock.Instant?) {
        self.output = output
        self.open = [output] + (errors.map { [$0] } ?? [])
        self.child = child
        self.deadline = deadline
    }

    mutating func collect() {
        defer { for descriptor in open { closeDescriptor(descriptor) } }
        var received: [UInt8] = []
        while !open.isEmpty {
            if let deadline, ContinuousClock.now >= deadline {
                guard !killed && ending == nil else { return }  // a process outside the group holds a pipe open
                kill(-child, SIGKILL)
                killed = true
                self.deadline = .now + ChildProcess.drainAfterKill
                continue
            }
            if deadline != nil && ending == nil && !killed { noteEnding() }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let wait = deadline.map { min(Self.milliseconds(until: $0), ending == nil ? 50 : 1000) } ?? -1
            let ready = poll(&polled, nfds_t(polled.count), wait)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return }
            for entry in polled where entry.revents != 0 {
                received.removeAll(keepingCapacity: true)
                if case .bytes = PipeReader.read(entry.fd, into: &received) {
                    if entry.fd == output { standardOutput.append(received) } else { standardError.append(received) }
                } else {
                    closeDescriptor(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
    }

    /// Reaps the child if it has ended; then kills what it left in its group and the orphans
    /// adopted, and gives the pipes `drainAfterKill` to close.
    private mutating func noteEnding() {
        var status: Int32 = 0
        var reaped = waitpid(child, &status, WNOHANG)
        while reaped < 0 && errno == EINTR { reaped = waitpid(child, &status, WNOHANG) }
        guard reaped == child else { return }
        ending = status
        kill(-child, SIGKILL)
        Orphans.end()
        deadline = .now + ChildProcess.drainAfterKill
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }
}
