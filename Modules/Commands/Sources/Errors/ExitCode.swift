/// The program's exit codes (sysexits.h), as README.md documents them.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// Anything not listed below.
    case failure = 1
    /// Unknown flag or subcommand, missing or malformed value, value out of range, missing keys.
    case usage = 64
    /// Malformed fixture or response; a fixture directory with no Marvel wrapper files.
    case dataError = 65
    /// Unknown character id; a fixture directory that does not exist.
    case notFound = 66
    /// Provider unreachable or failing, and nothing cached.
    case unavailable = 69
    /// The cache directory cannot be created.
    case cannotCreate = 73
    /// Another I/O error.
    case ioError = 74
    /// A resource busy past its time-out (a locked database): try again.
    case temporaryFailure = 75
    /// The database server refused the user or password.
    case permissionDenied = 77
}
