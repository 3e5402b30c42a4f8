/// The program's exit codes (sysexits.h), each declared once with what it means: `--help` lists
/// them by the first sentence of their meaning, docs/CLI.md with the whole of it.
///
/// One rule decides between them: a wrong command line or setting is `usage`, refused
/// credentials `permissionDenied`, something asked for that does not exist `notFound`, a server
/// that does not answer or fails `unavailable`, and data the program cannot use `dataError`.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success.
    case ok = 0
    /// Anything not listed below.
    case failure = 1
    /// Unknown flag or subcommand, missing or malformed value, value out of range, missing keys.
    case usage = 64
    /// Malformed fixture, response or database; a broken favourites rule.
    case dataError = 65
    /// Unknown character id or favourite; a fixture directory that does not exist.
    case notFound = 66
    /// Provider unreachable or failing and nothing cached; a database or cache server unreachable.
    case unavailable = 69
    /// The cache or data directory cannot be created.
    case cannotCreate = 73
    /// Another I/O error.
    case ioError = 74
    /// A resource busy past its time-out (a locked database): try again.
    case temporaryFailure = 75
    /// A database or cache server refused the user, password or rights.
    case permissionDenied = 77

    /// What the code means: a first sentence that stands alone, then the cases it covers.
    public var meaning: String {
        switch self {
        case .ok: "Success."
        case .failure: "Anything else. A failure no other code names, such as a build without the bundled fixtures."
        case .usage:
            "Usage: the command line or a setting is wrong. An unknown flag or subcommand; a missing or malformed value, such as "
                + "a `--base-url` that is not an http or https URL; a value out of range, such as a rating outside 1 to 5 or a "
                + "port outside 1 to 65535 in `--base-url`; missing API keys; a query value the server refuses (an empty value, "
                + "an unknown ordering, more than 10 ids, a malformed date), with the server's message; a `--base-url` whose "
                + "server has no such path (a 404 that is not the API's \"no such character\")."
        case .dataError:
            "Bad data: a fixture, response or favourites database the program cannot use, or a broken favourites rule. A "
                + "malformed fixture or response; a fixture directory with no wrapper files; a favourite that already exists, or "
                + "a note too long or with control characters; a favourites database that is not a database, is damaged, is "
                + "another program's or is at a newer schema version (named, and left as it is); a stored favourite with a value "
                + "the program does not accept (named; `favorites remove` still removes it)."
        case .notFound:
            "Not found: no such character, favourite or fixture directory. An unknown character id; a favourite that does not "
                + "exist; a `--fixtures` directory that does not exist."
        case .unavailable:
            "Unavailable: a server the command needs does not answer. The provider is unreachable or failing and nothing is "
                + "cached."
        case .cannotCreate: "The cache or data directory cannot be created."
        case .ioError:
            "I/O error: reading or writing failed. A fixture file that cannot be read; a disk cache that fails; `serve` unable "
                + "to listen on its port; a failed write to standard output or error (quietly when the reader went away, as with "
                + "`| head`); a full disk; a change asked of a favourites database that cannot be written (reading it works, on a full disk too)."
        case .temporaryFailure:
            "Temporarily unavailable: the favourites database is busy; try again. It is still locked by another program after "
                + "the busy time-out."
        case .permissionDenied:
            "Permission denied: a server refused the user, the password or the rights. The password is never printed."
        }
    }
}
