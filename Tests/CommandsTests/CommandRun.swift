import CommandLineKit
import CommandLineKitTesting
import Commands

/// One in-process run of a command as the program's `main` runs one: what it wrote, and the
/// one-line report of what it threw, which sets the exit code.
struct CommandRun {
    private let run: RecordedRun
    /// What the program would print (after its name) and exit with; nil when the command succeeded.
    let report: ErrorReport?

    /// Everything written to standard output, one element per `out` call.
    var out: [String] { run.out }
    /// Everything written to standard error, one element per `err` call.
    var err: [String] { run.err }
    /// Standard output split into lines, as a terminal shows it.
    var outLines: [String] { run.outLines }
    /// Standard error split into lines, as a terminal shows it.
    var errLines: [String] { run.errLines }

    /// The exit code the program would end with.
    var exitCode: ExitCode { report?.exitCode ?? .ok }

    /// Runs the command `make` builds on a recording console.
    init(_ make: (Console) -> any ProgramCommand) async {
        run = await RecordedRun(make)
        report = run.error.map { ErrorReport($0) }
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
}
