import CommandLineKit
import Commands

/// One in-process run of a command as the program's `main` runs one: what it wrote, and the
/// one-line report of what it threw, which sets the exit code.
struct CommandRun {
    /// Everything written to standard output, one element per `out` call.
    let out: [String]
    /// Everything written to standard error, one element per `err` call.
    let err: [String]
    /// What the program would print (after its name) and exit with; nil when the command succeeded.
    let report: ErrorReport?

    /// The exit code the program would end with.
    var exitCode: ExitCode { report?.exitCode ?? .ok }

    /// Standard output split into lines, as a terminal shows it.
    var outLines: [String] { Self.lines(out) }

    /// Standard error split into lines, as a terminal shows it.
    var errLines: [String] { Self.lines(err) }

    /// Runs the command `make` builds on a recording console.
    init(_ make: (Console) -> any ProgramCommand) async {
        let recorder = ConsoleRecorder()
        do {
            try await make(recorder.console).run()
            report = nil
        } catch {
            report = ErrorReport(error)
        }
        out = recorder.out
        err = recorder.err
    }

    /// The report of the usage error the program gives `arguments`; nil when they parse.
    static func refusal(_ arguments: [String]) -> ErrorReport? {
        do {
            _ = try InvocationParser.parse(arguments)
            return nil
        } catch {
            return ErrorReport(error)
        }
    }

    private static func lines(_ writes: [String]) -> [String] {
        writes.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }
}
