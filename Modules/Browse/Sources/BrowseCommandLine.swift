import Arguments
import CommandLineKit

/// `list` and `show`: the feature's commands, each declared, read and run in its own file
/// (`ListCommand`, `ShowCommand`). The program registers them, handing in what lies outside the
/// feature in a `Context`.
public enum BrowseCommandLine {
    /// What the program tells the declarations: where characters come from and are cached.
    public struct Context: Sendable {
        /// The options that choose the provider and the cache, with the registered caches' own.
        public var sourceOptions: [any OptionDeclaration]

        /// A context of these parts.
        public init(sourceOptions: [any OptionDeclaration]) {
            self.sourceOptions = sourceOptions
        }
    }

    /// `--format table|json` of `list` and `show`.
    static let format = OutputFormat.option
    /// `--stats` of `list` and `show`.
    static let stats: TypedOption<Bool> = .toggle("--stats", help: "Also print every cache and repository count.")

    /// The groups of options `list` and `show` share after their own.
    static func groups(_ context: Context) -> [OptionGroup] {
        [OptionGroup("Where characters come from:", context.sourceOptions), OptionGroup("Output:", [format, stats])]
    }
}
