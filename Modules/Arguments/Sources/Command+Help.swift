extension Command {
    /// The text `--help` prints for `command`, one of this program's commands (the program itself when nil).
    ///
    /// This command is the program, so its name starts every usage line. The text is a `Usage:` line,
    /// the abstract, the subcommands, the options and groups, the epilogue, then the exit codes with
    /// the first sentence of each meaning, separated by blank lines.
    public func help(for command: Command? = nil) -> String {
        let command = command ?? self
        var blocks = ["Usage: " + usageLine(for: command)]
        blocks.append(TextLayout.wrap(command.abstract).joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.flatMap {
                TextLayout.row($0.synopsis(name: $0.name), TextLayout.firstSentence(of: $0.abstract))
            }
            blocks.append((["Subcommands:"] + rows).joined(separator: "\n"))
        }
        if !command.options.isEmpty {
            blocks.append(Self.rows(command.options))
        }
        for group in command.groups {
            blocks.append(group.heading + "\n" + Self.rows(group.options))
        }
        blocks += command.paragraphs.map { TextLayout.wrap($0).joined(separator: "\n") }
        if !command.exitCodes.isEmpty {
            let rows = command.exitCodes.flatMap {
                TextLayout.row(String($0.code), TextLayout.firstSentence(of: $0.meaning), indent: TextLayout.codeIndent)
            }
            blocks.append((["Exit codes:"] + rows).joined(separator: "\n"))
        }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The usage line of `command`, one of this program's commands, after the program's name:
    /// as declared, or its name (unless it is the program), subcommands, positionals and `[options]`.
    func usageLine(for command: Command) -> String {
        let options = command.subcommands.isEmpty && !command.allOptions.isEmpty ? "[options]" : ""
        let derived = [command.synopsis(name: command == self ? "" : command.name), options].filter { !$0.isEmpty }
        let usage = command.usage ?? derived.joined(separator: " ")
        return usage.isEmpty ? name : name + " " + usage
    }

    /// The epilogue's paragraphs, each on one line: split where a line is blank, spaces and line breaks within one made single spaces.
    var paragraphs: [String] {
        var paragraphs: [String] = []
        var words: [Substring] = []
        let lines = (epilogue ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines + [""] {
            let lineWords = line.split { $0.isWhitespace }
            if lineWords.isEmpty, !words.isEmpty {
                paragraphs.append(words.joined(separator: " "))
                words = []
            }
            words += lineWords
        }
        return paragraphs
    }

    /// `name`, then the subcommands' words as `a|b|c`, then the positionals' placeholder.
    func synopsis(name: String) -> String {
        let words = [name, subcommands.map(\.word).joined(separator: "|"), positionals?.placeholder ?? ""]
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One row per option: its synopsis, then its help.
    private static func rows(_ options: [Option]) -> String {
        options.flatMap { TextLayout.row($0.synopsis, $0.help) }.joined(separator: "\n")
    }
}
