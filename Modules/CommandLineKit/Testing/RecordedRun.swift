import CommandLineKit

/// One in-process run of a command on a recording console: what it wrote and what it threw, and
/// the exit code a `ReportedError` gives the program.
public struct RecordedRun: Sendable {
    /// Everything written to standard output, one element per `out` call.
    public let out: [String]
    /// Everything written to standard error, one element per `err` call.
    public let err: [String]
    /// What the command threw; nil when it succeeded.
    public let error: (any Error)?

    /// Runs the command `make` builds on a recording console.
    public init(_ make: (Console) -> any ProgramCommand) async {
        let recorder = ConsoleRecorder()
        do {
            try await make(recorder.console).run()
            error = nil
        } catch {
            self.error = error
        }
        out = recorder.out
        err = recorder.err
    }

    /// The exit code: 0 on success, the error's own, else 1.
    public var exitCode: ExitCode {
        error.map(ExitCode.init(reporting:)) ?? .ok
    }

    /// The error's one line, as the program prints it after its name; nil on success.
    public var message: String? { error.map { String(describing: $0) } }

    /// Standard output split into lines, as a terminal shows it.
    public var outLines: [String] { Self.lines(out) }

    /// Standard error split into lines, as a terminal shows it.
    public var errLines: [String] { Self.lines(err) }

    private static func lines(_ writes: [String]) -> [String] {
        writes.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }
}
