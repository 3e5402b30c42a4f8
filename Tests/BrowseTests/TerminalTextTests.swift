import CommandLineKit
import CommandLineKitTesting
import DataProviders
import Testing

@testable import Browse

/// Text from data never steers the terminal, the table counts columns as a terminal does, and
/// styling is only for a terminal that wants it.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}Hulk", "\u{FFFD}]0;pwned\u{FFFD}Hulk"),
        ("\u{1B}[31mred\u{1B}[0m", "\u{FFFD}[31mred\u{FFFD}[0m"),
        ("C1 \u{9B}2J and DEL \u{7F}", "C1 \u{FFFD}2J and DEL \u{FFFD}"),
        ("bidi \u{202E}txt.exe", "bidi \u{FFFD}txt.exe"),
        ("tab\tand\nline", "tab and line"),
        ("Spider-Man (Peter Parker) ✓ 蜘蛛侠", "Spider-Man (Peter Parker) ✓ 蜘蛛侠"),
    ])
    func controlCharactersAreReplaced(_ input: String, _ expected: String) {
        #expect(TerminalText.safe(input) == expected)
    }

    @Test func wideCharactersTakeTwoColumnsAndCombiningMarksNone() {
        #expect(TerminalText.columns("Hulk") == 4)
        #expect(TerminalText.columns("蜘蛛侠") == 6)
        #expect(TerminalText.columns("e\u{301}") == 1)
        #expect(TerminalText.columns("🦸") == 2)
        #expect(TerminalText.prefix("蜘蛛侠", columns: 5) == "蜘蛛")
    }

    @Test func aTableOfWideNamesStaysWithinEightyColumns() {
        let characters = [
            Character(id: 1, name: "蜘蛛侠蜘蛛侠蜘蛛侠蜘蛛侠蜘蛛侠蜘蛛侠", description: String(repeating: "超级英雄", count: 40)),
            Character(id: 22, name: "Hulk", description: "Green."),
        ]
        let lines = CharacterTable().render(characters).split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.columns(line) <= 80, "\(line)") }
        let starts = zip(lines, ["DESCRIPTION", "超", "Green"]).map { line, start in
            TerminalText.columns(String(line[..<(line.range(of: start)?.lowerBound ?? line.endIndex)]))
        }
        #expect(Set(starts).count == 1, "\(starts)")
    }

    @Test func aTableNeverCarriesAnEscapeFromTheData() {
        let table = CharacterTable().render([Character(id: 1, name: "\u{1B}]0;pwned\u{07}", description: "\u{1B}[2J gone")])
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func stylingOnlyOnATerminalAndNeverWithNoColor() {
        let styled = Terminal(stylesOutput: true, stylesErrors: true)
        #expect(styled.bold("ID") == "\u{1B}[1mID\u{1B}[0m")
        #expect(Terminal.plain.bold("ID") == "ID")
        #expect(Terminal.current(["NO_COLOR": "1"]).stylesOutput == false)
        #expect(Terminal.current(["NO_COLOR": "1"]).stylesErrors == false)
    }
}
