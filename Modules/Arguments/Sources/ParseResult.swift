/// What a command line asks for: to run a command, or to print help or the version.
public enum ParseResult: Sendable, Equatable {
    /// Run `ParsedArguments.command` with the values given.
    case run(ParsedArguments)
    /// Print the help of this command, asked for with `--help` or `-h`.
    case help(Command)
    /// Print the version, asked for with `--version`.
    case version
}
