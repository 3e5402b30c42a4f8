import Arguments

/// The text `--help` and `--version` print, and the manual, derived from `Declarations`.
public enum Usage {
    /// What `--version` prints.
    public static let version = "Excelsior CompositionRoot 0.2.0"

    /// The usage of `command`, one of the program's commands with `backends` and `features`.
    static func text(for command: Command, with backends: ProgramBackends, features: [Command] = []) -> String {
        Declarations.program(backends, features: features).help(for: command)
    }

    /// The program's manual in Markdown (docs/CLI.md) with `backends` and the commands of
    /// `features`: every command, option, default and exit code, from the declarations the help
    /// comes from.
    public static func manual(with backends: ProgramBackends, features: [Command] = []) -> String {
        Declarations.program(backends, features: features).manual()
    }
}
