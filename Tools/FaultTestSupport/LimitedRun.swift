import Foundation
import TestSupport

/// One run of the built `CompositionRoot` as a child process, under resource limits set on the
/// child alone (the shell's `ulimit`, then `exec`), with what it printed, how it ended, how long
/// it took and its peak memory. A child still running at `timeout` is killed and reported so.
///
/// `EXCELSIOR_PROGRAM=/path/to/CompositionRoot` runs another build instead, so a test can be
/// seen to fail against a build that lacks what it checks (docs/FAULTS.md).
package struct LimitedRun {
    /// Where the child's standard output goes.
    package enum Output {
        /// A file the test reads afterwards.
        case captured
        /// A device that is always full.
        case full
        /// No descriptor at all.
        case closed
        /// A pipe whose reader has gone (as `| head` does once it has read enough).
        case readerGone
    }

    package let ending: SpawnedChild.Ending
    package let timedOut: Bool
    package let stdout: String
    package let stderr: String
    package let elapsed: Duration
    /// The child's peak resident memory, in bytes.
    package let peakResidentBytes: Int

    package var status: Int32? {
        guard case .exited(let code) = ending else { return nil }
        return code
    }

    package var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Runs the program with `arguments` under `limits` (ulimit options, e.g. `["-v 2000000"]`);
    /// `program` instead of the built one, and through `wrapper` (such as `setpriv …`) when given.
    package init(
        _ arguments: [String], limits: [String] = [], environment: [String: String] = [:], stdout output: Output = .captured,
        timeout: Duration = .seconds(30), wrapper: [String] = [], program: URL? = nil
    ) throws {
        let program = try program ?? Self.program()
        let command = wrapper.isEmpty ? [program.path] : wrapper + [program.path]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limited-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path

        var writeEnd: Int32 = -1
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch output {
        case .captured: posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .full: posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0)
        case .closed: posix_spawn_file_actions_addclose(&actions, 1)
        case .readerGone:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SpawnedChild.Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            close(ends[0])
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[1])
            writeEnd = ends[1]
        }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let script = limits.map { "ulimit \($0) || exit 125; " }.joined() + #"exec "$0" "$@""#
        let argv: [UnsafeMutablePointer<CChar>?] = (["/bin/sh", "-c", script] + command + arguments).map { strdup($0) } + [nil]
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        let started = ContinuousClock.now
        var pid = pid_t()
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        if writeEnd >= 0 { close(writeEnd) }
        guard result == 0 else { throw SpawnedChild.Failure(description: "cannot start /bin/sh: \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peak = 0
        while true {
            peak = max(peak, Self.residentHighWaterMark(of: pid) ?? 0)
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { throw SpawnedChild.Failure(description: "wait4: \(String(cString: strerror(errno)))") }
            if !timedOut && ContinuousClock.now - started > timeout {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2000)
        }
        elapsed = ContinuousClock.now - started
        self.timedOut = timedOut
        ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        // On Linux the child's own `ru_maxrss` also counts the high-water mark of this test
        // process (posix_spawn runs the child on our memory until it execs), which in a parallel
        // test run is larger than the bounds checked; the child's own mark is read while it runs.
        #if os(Linux)
            peakResidentBytes = peak
        #else
            peakResidentBytes = usage.ru_maxrss
        #endif
        stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    }

    /// The peak resident memory of the running process `pid` (VmHWM), in bytes; nil where
    /// there is no /proc or the process has gone.
    private static func residentHighWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
        else { return nil }
        return kilobytes * 1024
    }

    /// `init` on a thread of its own, so waiting for the child never blocks the shared pool.
    package static func run(
        _ arguments: [String], limits: [String] = [], environment: [String: String] = [:], stdout output: Output = .captured,
        timeout: Duration = .seconds(30), wrapper: [String] = [], program: URL? = nil
    ) async throws -> LimitedRun {
        try await onOwnThread {
            try LimitedRun(
                arguments, limits: limits, environment: environment, stdout: output, timeout: timeout, wrapper: wrapper, program: program)
        }
    }

    /// `EXCELSIOR_PROGRAM`, or the `CompositionRoot` SwiftPM built next to the test bundle.
    package static func program() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["EXCELSIOR_PROGRAM"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return try SpawnedChild.program()
    }
}
