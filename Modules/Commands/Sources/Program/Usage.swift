import Arguments

/// The text `--help` and `--version` print, derived from `Declarations`.
public enum Usage {
    /// What `--version` prints.
    public static let version = "Excelsior CompositionRoot 0.2.0"

    /// The usage of `command`, one of the program's commands.
    static func text(for command: Command) -> String {
        Declarations.program.help(for: command)
    }
}
