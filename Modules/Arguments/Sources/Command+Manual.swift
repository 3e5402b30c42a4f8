extension Command {
    /// This program's manual in Markdown, from the declarations `help(for:)` reads, so the two cannot disagree.
    ///
    /// The program is the title, each subcommand a section one heading level below the command that
    /// holds it, in declaration order. A section has the usage line, the whole abstract, what the
    /// positionals are, the subcommands, a table of the options (the value each takes, its default
    /// and its help) and of each group, which options exclude each other, the epilogue, and exit
    /// codes that differ from the program's. The program's exit codes, each with its whole meaning, end it.
    public func manual() -> String {
        var lines = section(self, level: 1)
        if !exitCodes.isEmpty {
            lines += ["## Exit codes", ""] + Self.exitCodeTable(exitCodes) + [""]
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of `command`'s section, with a heading of `level`, then its subcommands' sections.
    private func section(_ command: Command, level: Int) -> [String] {
        var lines = [String(repeating: "#", count: level) + " " + command.name, ""]
        lines += ["```", usageLine(for: command), "```", "", Markdown.text(command.abstract), ""]
        if command == self {
            lines += ["Every command prints its usage with `--help` or `-h`.", ""]
        }
        if let positionals = command.positionals {
            lines += ["Takes \(Markdown.code(positionals.placeholder)): \(Markdown.text(positionals.allowed)).", ""]
        }
        if let word = command.defaultSubcommand {
            lines += ["\(Markdown.code(word)) runs when no subcommand is named.", ""]
        }
        if command.acceptsRemainder {
            lines += ["The arguments after `--` are passed on as they are.", ""]
        }
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.map { subcommand in
                [
                    "[\(Markdown.code(subcommand.synopsis(name: subcommand.name), inTable: true))](#\(Markdown.anchor(subcommand.name)))",
                    Markdown.text(TextLayout.firstSentence(of: subcommand.abstract), inTable: true),
                ]
            }
            lines += Markdown.table(["subcommand", "does"], rows) + [""]
        }
        if !command.options.isEmpty {
            lines += Self.optionTable(command.options) + [""]
        }
        for group in command.groups {
            let heading = group.heading.hasSuffix(":") ? String(group.heading.dropLast()) : group.heading
            lines += ["**\(Markdown.text(heading))**", ""] + Self.optionTable(group.options) + [""]
        }
        for options in command.exclusive {
            lines += ["At most one of " + options.map { Markdown.code($0.name) }.joined(separator: ", ") + ".", ""]
        }
        lines += command.paragraphs.flatMap { [Markdown.text($0), ""] }
        if command != self, !command.exitCodes.isEmpty, command.exitCodes != exitCodes {
            lines += ["**Exit codes**", ""] + Self.exitCodeTable(command.exitCodes) + [""]
        }
        return lines + command.subcommands.flatMap { section($0, level: level + 1) }
    }

    /// A table of `options`: the synopsis, the value it takes, its default, its help.
    private static func optionTable(_ options: [Option]) -> [String] {
        let rows = options.map { option in
            [
                Markdown.code(option.synopsis, inTable: true), Markdown.text(value(of: option), inTable: true),
                option.defaultValue.map { $0.isEmpty ? "empty" : Markdown.code($0, inTable: true) } ?? "",
                Markdown.text(option.help, inTable: true),
            ]
        }
        return Markdown.table(["option", "value", "default", "description"], rows)
    }

    /// A table of `codes`, each with its whole meaning.
    private static func exitCodeTable(_ codes: [ExitStatus]) -> [String] {
        Markdown.table(["code", "meaning"], codes.map { [String($0.code), Markdown.text($0.meaning, inTable: true)] })
    }

    /// What `option` accepts, in words, with `code` spans: "a whole number from 1 to 100", "one of `table`, `json`".
    private static func value(of option: Option) -> String {
        let accepted =
            switch option.kind {
            case .toggle: "none"
            case .text: "text"
            case .path(let noun): noun
            case .integer(_, let accepted): accepted
            case .choice(let choices): "one of " + choices.map { "`\($0)`" }.joined(separator: ", ")
            }
        return option.isRepeatable ? accepted + ", repeatable" : accepted
    }
}
