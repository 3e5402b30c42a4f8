import Arguments

/// How a command prints what it read: a table for people or JSON for scripts.
public enum OutputFormat: String, Equatable, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// A JSON document with stable field names, for scripts.
    case json

    /// `--format table|json`, as every command that prints records declares it.
    public static let option: TypedOption<OutputFormat> = .choice(
        "--format", default: .table, help: "Print a table for people (default) or JSON for scripts.")
}
