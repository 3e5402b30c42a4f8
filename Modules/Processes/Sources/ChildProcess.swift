#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Runs another program to its end and captures what it writes, with the waits made safe:
/// standard output and error are read at once (a child filling one pipe never stalls), every
/// read and wait retries `EINTR`, at most `keptBytes` of each is kept (its head and tail), and a
/// run given a time-out is bounded: the child leads its own process group, which is killed whole
/// at the deadline, and when the child ends first, what it left running is killed with it.
/// Children still running when the program is interrupted are stopped too
/// (`terminateChildrenOnSignals`).
public enum ChildProcess {
    /// How long the pipes are still read after a time-out kill, for output that a process
    /// outside the child's group still holds open.
    static let drainAfterKill = Duration.seconds(2)

    /// How many bytes of each of a child's streams are kept: the first and the last half of
    /// it; what lies between is read and dropped (`Result.standardOutputDropped`).
    public static let keptBytes = 16 * 1024 * 1024

    /// Runs `arguments` (the program first, found on `PATH`) in `directory` with `environment`
    /// (the caller's when nil), `input` on its standard input, and waits for it to end, for at
    /// most `timeout` when one is given; this thread blocks meanwhile.
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil, input: [UInt8] = [],
        timeout: Duration? = nil, mergingErrors: Bool = false
    ) throws(ChildProcessError) -> Result {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let output = try Pipe()
        let errors = mergingErrors ? nil : try Pipe()
        let child: pid_t
        do {
            child = try Running.start { () throws(ChildProcessError) -> pid_t in
                try Spawn.start(
                    arguments, in: directory, environment: environment, input: input, output: output.write,
                    errors: errors?.write ?? output.write)
            }
        } catch {
            output.closeBoth()
            errors?.closeBoth()
            throw error
        }
        defer { Running.remove(child) }
        closeDescriptor(output.write)
        if let errors { closeDescriptor(errors.write) }
        var collector = Collector(output: output.read, errors: errors?.read, child: child, deadline: deadline)
        collector.collect()
        let ending =
            collector.ending.map { (termination: Self.termination($0), timedOut: false) }
            ?? Self.wait(for: child, deadline: collector.killed ? nil : deadline)
        let termination = collector.killed || ending.timedOut ? Termination.timedOut : ending.termination
        // Killed at the deadline, the child handed its other descendants to this program.
        if termination == .timedOut { Orphans.end() }
        return Result(
            termination: termination, standardOutput: collector.standardOutput.bytes, standardError: collector.standardError.bytes,
            standardOutputDropped: collector.standardOutput.dropped, standardErrorDropped: collector.standardError.dropped)
    }

    /// Runs `arguments` as `run` does, on a thread of its own, so that an `async` caller holds
    /// none of the threads Swift concurrency shares while the child runs.
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil, input: [UInt8] = [],
        timeout: Duration? = nil, mergingErrors: Bool = false
    ) async throws(ChildProcessError) -> Result {
        let outcome = await OwnThread.run { () -> Swift.Result<Result, ChildProcessError> in
            do throws(ChildProcessError) {
                return .success(
                    try run(
                        arguments, in: directory, environment: environment, input: input, timeout: timeout,
                        mergingErrors: mergingErrors))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Reaps `child`, killing its group if `deadline` passes first.
    private static func wait(for child: pid_t, deadline: ContinuousClock.Instant?) -> (termination: Termination, timedOut: Bool) {
        var status: Int32 = 0
        var timedOut = false
        var pause = Duration.milliseconds(1)
        while true {
            let flags = deadline == nil || timedOut ? 0 : WNOHANG
            let reaped = waitpid(child, &status, flags)
            if reaped == child { break }
            if reaped < 0 && errno == EINTR { continue }
            if reaped < 0 { return (.exited(-1), timedOut) }
            if let deadline, ContinuousClock.now >= deadline {
                kill(-child, SIGKILL)
                timedOut = true
                continue
            }
            sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        return (termination(status), timedOut)
    }

    /// The termination a `waitpid` status tells.
    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    private static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}

/// Closes `descriptor`, ignoring failure (it is closed either way on the platforms we run on).
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
