import Arguments
import CommandLineKit
import Testing

@testable import Commands

/// `--help` and docs/CLI.md come from one declaration: every option of every command and every
/// exit code appears in both, with the same words.
@Suite struct CommandLineManualTests {
    @Test func everyDeclaredOptionIsInItsCommandsHelpAndManualSection() {
        var checked = 0
        for command in Self.commands(of: Declarations.sampleProgram) {
            let help = Self.words(Usage.text(for: command))
            let section = Self.section(of: command)
            for option in command.allOptions {
                #expect(help.contains(option.synopsis + " " + Self.words(option.help)), "\(option.name) in the help of \(command.name)")
                let code = "`" + option.synopsis.replacing("|", with: "\\|") + "`"
                let row = section.first { $0.hasPrefix("| \(code) |") }.map(Self.unescaped)
                #expect(row?.hasSuffix(" | \(option.help) |") == true, "\(option.name) in the manual's \(command.name)")
                if let value = option.defaultValue { #expect(row?.contains(" | `\(value)` | ") == true, "\(option.name)'s default") }
                checked += 1
            }
        }
        #expect(checked >= 60)
    }

    @Test func everyExitCodeIsInTheHelpAndTheManualWithItsMeaning() {
        let manual = Usage.manual.split(separator: "\n").map(String.init)
        let helps = Self.commands(of: Declarations.sampleProgram).filter { !$0.exitCodes.isEmpty }.map {
            Self.words(Usage.text(for: $0)) + " "
        }
        #expect(helps.count == 2)
        for code in ExitCode.allCases {
            let meaning = ProgramBackends.sample.meaning(of: code)
            let firstSentence = meaning.firstRange(of: ". ").map { meaning[..<$0.lowerBound] + "." } ?? meaning
            for help in helps { #expect(help.contains("\(code.rawValue) \(firstSentence) "), "\(code) in the help") }
            let row = manual.first { $0.hasPrefix("| \(code.rawValue) | ") }.map(Self.unescaped)
            #expect(row == "| \(code.rawValue) | \(meaning) |", "\(code) in the manual")
        }
    }

    /// `command` and every command below it.
    static func commands(of command: Command) -> [Command] {
        [command] + command.subcommands.flatMap(commands(of:))
    }

    /// The lines of `command`'s section of the manual: from its heading to the next heading.
    static func section(of command: Command) -> [String] {
        let lines = Usage.manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("#") && $0.hasSuffix("# " + command.name) }) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// `text` with its runs of spaces and line breaks as single spaces.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A line of Markdown without the backslashes that escape punctuation.
    static func unescaped(_ line: String) -> String {
        var result = ""
        var escaping = false
        for character in line {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            if escaping, !(character.isASCII && character.isPunctuation || "|<>*~[]_\\".contains(character)) { result.append("\\") }
            result.append(character)
            escaping = false
        }
        return result
    }
}
