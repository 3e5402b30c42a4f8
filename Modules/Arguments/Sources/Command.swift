/// One command of a program, declared once: what it is called, what it takes, and what its usage says.
///
/// The program itself is the root command, named after the program; its subcommands form a tree.
/// A command with subcommands hands every argument after the subcommand's word to that subcommand,
/// so its own options and groups only appear in its help.
public struct Command: Sendable, Equatable {
    /// The name errors and usage give it: a word, or a path such as `favorites add` whose last word is what is typed.
    public let name: String
    /// One paragraph saying what the command does; its first sentence also lists it in its parent's help.
    public let abstract: String
    /// The usage line after the program's name, such as `show <id> [options]`; derived from the declaration when nil.
    public let usage: String?
    /// The positional arguments it takes; none when nil.
    public let positionals: Positionals?
    /// The options usage lists without a heading.
    public let options: [Option]
    /// The options usage lists under headings, after `options`.
    public let groups: [OptionGroup]
    /// Sets of options of which at most one may be given.
    public let exclusive: [[Option]]
    /// The commands named by the first argument after this one.
    public let subcommands: [Command]
    /// The last word of the subcommand run when the first argument is a flag or absent; nil when one must be named.
    public let defaultSubcommand: String?
    /// Whether the arguments after `--` are taken, untouched, as `ParsedArguments.remainder`.
    public let acceptsRemainder: Bool
    /// The exit codes its help lists, last.
    public let exitCodes: [ExitStatus]
    /// Free text its help prints after the options, in paragraphs separated by a blank line.
    public let epilogue: String?

    /// A command named `name` that does what `abstract` says, taking `positionals` and the options declared here.
    public init(
        _ name: String, abstract: String, usage: String? = nil, positionals: Positionals? = nil, options: [any OptionDeclaration] = [],
        groups: [OptionGroup] = [], exclusive: [[any OptionDeclaration]] = [], subcommands: [Command] = [],
        defaultSubcommand: String? = nil,
        acceptsRemainder: Bool = false, exitCodes: [ExitStatus] = [], epilogue: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.positionals = positionals
        self.options = options.map(\.option)
        self.groups = groups
        self.exclusive = exclusive.map { $0.map(\.option) }
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.acceptsRemainder = acceptsRemainder
        self.exitCodes = exitCodes
        self.epilogue = epilogue
    }

    /// The word typed to run it: the last word of its name.
    public var word: String {
        name.split(separator: " ").last.map(String.init) ?? name
    }

    /// Every option it accepts: `options`, then those of its `groups`.
    public var allOptions: [Option] {
        options + groups.flatMap(\.options)
    }

    /// Whether it accepts `option`, among `options` or its groups'.
    public func declares(_ option: some OptionDeclaration) -> Bool {
        allOptions.contains(option.option)
    }

    /// The subcommand typed as `word`, if there is one.
    public func subcommand(_ word: String) -> Command? {
        subcommands.first { $0.word == word }
    }
}
