import Arguments
import Testing

/// `--help` wins over the values of the command's own flags and names its command; `--version`
/// stands alone; an unknown flag or a stray argument beside either is a usage error.
@Suite struct HelpRequestTests {
    @Test(arguments: [
        ([], "--help"),
        ([], "-h"),
        (["--limit", "5"], "--help"),
        (["--limit", "ten"], "--help"),
    ])
    func helpBeforeAnySubcommandIsTheProgramsHelp(arguments: [String], flag: String) throws {
        #expect(try Product.root.parse(arguments + [flag]) == .help(Product.root))
    }

    @Test(arguments: [
        ["list", "--help"],
        ["list", "--limit", "5", "--help"],
        ["list", "--limit", "ten", "-h"],
        ["list", "extra", "--help"],
        ["list", "--help", "--limit"],
        ["list", "--limit=ten", "--help"],
    ])
    func helpAfterASubcommandIsItsHelpWhateverItsValues(arguments: [String]) throws {
        #expect(try Product.root.parse(arguments) == .help(Product.list))
    }

    @Test func helpOfANestedSubcommandIsItsOwn() throws {
        let add = try #require(Product.favorites.subcommand("add"))
        #expect(try Product.root.parse(["favorites", "add", "--help"]) == .help(add))
        #expect(try Product.root.parse(["favorites", "add", "1", "2", "--rating", "9", "-h"]) == .help(add))
        #expect(try Product.root.parse(["favorites", "--help"]) == .help(Product.favorites))
    }

    @Test(arguments: [
        (["forecasts", "--help"], "forecasts"),
        (["forecasts", "-h"], "forecasts"),
        (["forecasts", "list", "-h"], "forecasts"),
        (["favorites", "tidy", "--help"], "tidy"),
    ])
    func helpOfAnUnknownSubcommandIsRefusedAsWithoutIt(arguments: [String], word: String) throws {
        let error = try #require(throws: ArgumentError.self) { try Product.root.parse(arguments) }
        #expect(error.reason == .unknownSubcommand(word))
    }

    @Test(arguments: [
        (["--help", "--bogus"], "--bogus"),
        (["list", "--bogus", "extra", "--help"], "--bogus"),
        (["list", "-h", "--bogus=1"], "--bogus"),
    ])
    func anUnknownFlagBesideHelpIsRefused(arguments: [String], flag: String) throws {
        #expect(throws: ArgumentError.self) { try Product.root.parse(arguments) }
        do {
            _ = try Product.root.parse(arguments)
        } catch {
            guard case .unknownFlag(let name) = error.reason else {
                Issue.record("expected an unknown flag, got \(error.reason)")
                return
            }
            #expect(name == flag)
        }
    }

    @Test func versionStandsAloneAndHelpWins() throws {
        #expect(try Product.root.parse(["--version"]) == .version)
        #expect(try Product.root.parse(["show", "--version"]) == .version)
        #expect(try Product.root.parse(["favorites", "--version"]) == .version)
        #expect(try Product.root.parse(["--version", "--help"]) == .help(Product.root))
        #expect(throws: ArgumentError.self) { try Product.root.parse(["--version", "extra"]) }
        #expect(throws: ArgumentError.self) { try Product.root.parse(["show", "1", "--version"]) }
        #expect(throws: ArgumentError.self) { try Product.root.parse(["--limit", "5", "--version"]) }
    }

    @Test func afterTheTerminatorHelpIsPassedOn() throws {
        guard case .run(let arguments) = try Workspace.root.parse(["test", "--", "--help", "--version"]) else {
            Issue.record("--help after -- asked for help")
            return
        }
        #expect(arguments.remainder == ["--help", "--version"])
    }
}
