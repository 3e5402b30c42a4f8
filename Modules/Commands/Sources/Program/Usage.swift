import Arguments

/// The text `--help` and `--version` print, and the manual, derived from `Declarations`.
public enum Usage {
    /// What `--version` prints.
    public static let version = "Excelsior CompositionRoot 0.2.0"

    /// The program's manual in Markdown (docs/CLI.md) with `backends` and `commands`: every
    /// command, option, default and exit code, from the declarations the help comes from.
    public static func manual(with backends: ProgramBackends, commands: [Command]) -> String {
        Declarations.program(backends, commands: commands).manual()
    }
}
