#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Reads a child's standard output and error together until both close, killing the child's
/// process group when the deadline passes; closes both descriptors.
struct Collector {
    private(set) var standardOutput: [UInt8] = []
    private(set) var standardError: [UInt8] = []
    /// Whether the deadline passed and the group was killed.
    private(set) var killed = false
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
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), deadline.map(Self.milliseconds(until:)) ?? -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return }
            if ready == 0 {
                guard !killed else { return }  // a process outside the group holds a pipe open
                kill(-child, SIGKILL)
                killed = true
                deadline = .now + ChildProcess.drainAfterKill
                continue
            }
            for entry in polled where entry.revents != 0 {
                var received: [UInt8] = []
                if case .bytes = PipeReader.read(entry.fd, into: &received) {
                    if entry.fd == output { standardOutput += received } else { standardError += received }
                } else {
                    closeDescriptor(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }
}
