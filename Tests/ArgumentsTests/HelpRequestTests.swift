import Arguments
import Testing

/// `--help` and `--version` win over everything else on the command line, and help names its command.
@Suite struct HelpRequestTests {
    @Test(arguments: [
        ([], "--help"),
        ([], "-h"),
        (["--limit", "5"], "--help"),
        (["--limit", "ten", "--bogus"], "--help"),
    ])
    func helpBeforeAnySubcommandIsTheProgramsHelp(arguments: [String], flag: String) throws {
        #expect(try Product.root.parse(arguments + [flag]) == .help(Product.root))
    }

    @Test(arguments: [
        ["list", "--help"],
        ["list", "--limit", "5", "--help"],
        ["list", "--limit", "ten", "-h"],
        ["list", "--bogus", "extra", "--help"],
        ["list", "--help", "--limit"],
    ])
    func helpAfterASubcommandIsItsHelpWhateverElseIsWrong(arguments: [String]) throws {
        #expect(try Product.root.parse(arguments) == .help(Product.list))
    }

    @Test func helpOfANestedSubcommandIsItsOwn() throws {
        let add = try #require(Product.favorites.subcommand("add"))
        #expect(try Product.root.parse(["favorites", "add", "--help"]) == .help(add))
        #expect(try Product.root.parse(["favorites", "add", "1", "2", "--rating", "9", "-h"]) == .help(add))
        #expect(try Product.root.parse(["favorites", "--help"]) == .help(Product.favorites))
        #expect(try Product.root.parse(["favorites", "tidy", "--help"]) == .help(Product.favorites))
    }

    @Test func versionIsAskedForAnywhereAndHelpWins() throws {
        #expect(try Product.root.parse(["--version"]) == .version)
        #expect(try Product.root.parse(["show", "--version"]) == .version)
        #expect(try Product.root.parse(["favorites", "--version"]) == .version)
        #expect(try Product.root.parse(["--version", "--help"]) == .help(Product.root))
    }

    @Test func afterTheTerminatorHelpIsPassedOn() throws {
        guard case .run(let arguments) = try Workspace.root.parse(["test", "--", "--help", "--version"]) else {
            Issue.record("--help after -- asked for help")
            return
        }
        #expect(arguments.remainder == ["--help", "--version"])
    }
}
