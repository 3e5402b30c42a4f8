/// An error that carries its own one-line message and exit code, so the module that throws it
/// decides how the program reports it, and nothing else has to know the error's type.
public protocol ReportedError: Error, CustomStringConvertible {
    /// The program's exit code for the error (docs/CLI.md lists them).
    var exitCode: ExitCode { get }
}

extension ExitCode {
    /// The code the program exits with for `error`: its own when it is a `ReportedError`, else 1.
    public init(reporting error: any Error) {
        self = (error as? any ReportedError)?.exitCode ?? .failure
    }
}
