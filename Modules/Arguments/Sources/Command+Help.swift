extension Command {
    /// The text `--help` prints for `command`, one of this program's commands (the program itself when nil).
    ///
    /// This command is the program, so its name starts every usage line. The text is a `Usage:` line,
    /// the abstract, the subcommands, the options and groups, then the epilogue, separated by blank lines.
    public func help(for command: Command? = nil) -> String {
        let command = command ?? self
        let usage = command.usage ?? command.derivedUsage(isProgram: command == self)
        var blocks = [usage.isEmpty ? "Usage: \(name)" : "Usage: \(name) \(usage)"]
        blocks.append(TextLayout.wrap(command.abstract).joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.flatMap { TextLayout.row($0.synopsis(name: $0.name), Self.firstSentence(of: $0.abstract)) }
            blocks.append((["Subcommands:"] + rows).joined(separator: "\n"))
        }
        if !command.options.isEmpty {
            blocks.append(Self.rows(command.options))
        }
        for group in command.groups {
            blocks.append(group.heading + "\n" + Self.rows(group.options))
        }
        blocks += [command.epilogue].compactMap { $0 }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The usage line when none is declared: its name (unless it is the program), subcommands, positionals and `[options]`.
    private func derivedUsage(isProgram: Bool) -> String {
        let options = subcommands.isEmpty && !allOptions.isEmpty ? "[options]" : ""
        return [synopsis(name: isProgram ? "" : name), options].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `name`, then the subcommands' words as `a|b|c`, then the positionals' placeholder.
    private func synopsis(name: String) -> String {
        let words = [name, subcommands.map(\.word).joined(separator: "|"), positionals?.placeholder ?? ""]
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One row per option: its synopsis, then its help.
    private static func rows(_ options: [Option]) -> String {
        options.flatMap { TextLayout.row($0.synopsis, $0.help) }.joined(separator: "\n")
    }

    /// The first sentence of `text`: up to the period of its first ". ", or all of it.
    private static func firstSentence(of text: String) -> String {
        guard let end = text.firstRange(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
