import Foundation
import Processes
import Synchronization

/// Runs other programs: `git` for what changed, `swift` for tests and the toolchain's version,
/// `swiftc` and the manifests' program.
enum Shell {
    /// Why another program could not answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How a program ended and what it wrote to standard output and error.
    struct Output {
        let ending: ChildProcess.Termination
        let standardOutput: String
        let standardError: String
        /// The bytes of both outputs read and left out between their heads and tails.
        var dropped = 0

        /// The exit status, or -1 when it did not exit by itself.
        var status: Int32 {
            if case .exited(let status) = ending { status } else { -1 }
        }
    }

    /// The programs `run` is running now, which a signal to the tool ends too.
    private static let foreground = Mutex<Set<pid_t>>([])

    /// Runs `arguments` (the program first, found on PATH) in `directory`, capturing its output
    /// (both pipes read at once), for at most `timeout` seconds when given; `mergingErrors` sends
    /// standard error to `standardOutput` (for a compiler's diagnostics). Throws `Failure` when
    /// the program cannot be started.
    static func capture(_ arguments: [String], in directory: URL, mergingErrors: Bool = false, timeout: Double? = nil) throws -> Output {
        do {
            let result = try ChildProcess.run(
                arguments, in: directory.path, timeout: timeout.map { .milliseconds(Int64(($0 * 1000).rounded(.up))) },
                mergingErrors: mergingErrors)
            // Stopped, perhaps by the tool's own signal handler, which then ends the tool.
            if ChildProcess.isStopping || result.termination == .signalled(SIGKILL) {
                Interruption.waitIfUnderway(grace: .milliseconds(500))
            }
            return Output(
                ending: result.termination, standardOutput: result.outputText, standardError: result.errorText,
                dropped: result.standardOutputDropped + result.standardErrorDropped)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Runs `arguments` in `directory` with the tool's own standard input, output and error;
    /// returns its status.
    static func run(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        fflush(nil)
        // The tool ignores these signals to handle them itself (`WorkspaceCommand.endChildrenOnSignals`),
        // and a child inherits ignored signals: they are at their defaults for the moment it starts,
        // so that Ctrl-C still stops `swift test`.
        let signals = [SIGINT, SIGTERM, SIGHUP]
        let handlers = signals.map { signal($0, SIG_DFL) }
        let pid: Int32
        do {
            pid = try ChildProcess.track {
                try process.run()
                return process.processIdentifier
            }
        } catch {
            for (number, handler) in zip(signals, handlers) { signal(number, handler) }
            throw error
        }
        for (number, handler) in zip(signals, handlers) { signal(number, handler) }
        foreground.withLock { _ = $0.insert(pid) }
        defer {
            foreground.withLock { _ = $0.remove(pid) }
            ChildProcess.forget(pid)
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { Interruption.waitIfUnderway(grace: .milliseconds(500)) }
        return process.terminationStatus
    }

    /// Sends SIGTERM to every program `run` is running: for the tool's last moments.
    static func terminateForeground() {
        for pid in foreground.withLock({ $0 }) { kill(pid, SIGTERM) }
    }
}
