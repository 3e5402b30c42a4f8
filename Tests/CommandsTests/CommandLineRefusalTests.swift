import Commands
import Testing

/// Every bad command line gets one line naming the problem and exit 64, before anything runs.
@Suite struct CommandLineRefusalTests {
    static let usageHint = " Run 'CompositionRoot --help' for usage."

    /// Checks that the program refuses `arguments` with `message`, on one line, and exit 64.
    private func expectRefused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let report = CommandRun.refusal(arguments)
        #expect(report == ErrorReport(message: message + Self.usageHint, exitCode: .usage), sourceLocation: sourceLocation)
        #expect(report?.message.contains("\n") == false, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["--bogus"], "Unknown flag '--bogus' for list."),
        (["show", "1", "--limit", "3"], "Unknown flag '--limit' for show."),
        (["frobnicate"], "Unknown subcommand 'frobnicate' (expected list, show, serve, graph, cache, favorites)."),
        (["list", "extra"], "Unexpected argument 'extra' for list."),
        (["--version", "extra"], "Unexpected argument 'extra' for CompositionRoot."),
        (["--help", "--bogus"], "Unknown flag '--bogus' for CompositionRoot."),
        (["--limit", "0"], "--limit must be a whole number from 1 to 100, got '0'."),
        (["--limit", "101"], "--limit must be a whole number from 1 to 100, got '101'."),
        (["--limit", "ten"], "--limit must be a whole number from 1 to 100, got 'ten'."),
        (["--offset", "-1"], "--offset must be a whole number ≥ 0, got '-1'."),
        (["--limit"], "--limit needs a value."),
        (["--fixtures"], "--fixtures needs a value."),
        (["show"], "show needs a character id, such as 'show 1011334'."),
        (["show", "abc"], "show needs a positive whole-number character id, got 'abc'."),
        (["show", "1", "2"], "show takes one argument, got 2."),
        (["--cache", "bogus"], "--cache must be one of memory, disk, redis, none, got 'bogus'."),
        (["--format", "xml"], "--format must be one of table, json, got 'xml'."),
        (["--provider", "web"], "--provider must be one of fixture, marvel, got 'web'."),
        (
            ["--provider", "marvel", "--base-url", "gopher://x"],
            "--base-url must be an http or https URL such as http://127.0.0.1:8080, got 'gopher://x'."
        ),
        (["--base-url", "http://127.0.0.1:8080"], "--base-url needs --provider marvel."),
        (["--provider", "marvel", "--fixtures", "/tmp"], "--fixtures needs --provider fixture."),
        (["--name-starts-with", " "], "--name-starts-with needs at least one letter."),
        (["graph", "--format", "svg"], "--format must be one of text, mermaid, dot, got 'svg'."),
        (["graph", "--modules", "--objects"], "graph takes --modules or --objects, not both."),
        (["cache"], "cache needs an action: 'cache stats' or 'cache clear'."),
        (["cache", "shrink"], "Unknown cache action 'shrink' (expected stats or clear)."),
        (["serve", "--port", "70000"], "--port must be a port from 0 to 65535 (0 picks a free one), got '70000'."),
        (["serve", "--cache", "disk"], "Unknown flag '--cache' for serve."),
        (["serve", "--max-connections", "0"], "--max-connections must be a whole number from 1 to 4096, got '0'."),
        (["serve", "--max-connections=lots"], "--max-connections must be a whole number from 1 to 4096, got 'lots'."),
        (["serve", "--request-timeout", "3601"], "--request-timeout must be a whole number of seconds from 1 to 3600, got '3601'."),
        (["serve", "--request-timeout"], "--request-timeout needs a value."),
    ])
    func aBadCommandLineIsOneLineAndExit64(_ arguments: [String], _ message: String) {
        expectRefused(arguments, message)
    }

    @Test(arguments: [
        (["add", "1", "--data-dir"], "--data-dir needs a value."),
        (["add"], "favorites add needs a character id, such as 'favorites add 1009610'."),
        (["add", "abc"], "favorites add needs a positive whole-number character id, got 'abc'."),
        (["add", "1", "2"], "favorites add takes one character id, got 2."),
        (["add", "1", "--rating", "0"], "--rating must be a whole number from 1 to 5, got '0'."),
        (["add", "1", "--rating", "6"], "--rating must be a whole number from 1 to 5, got '6'."),
        (["add", "1", "--rating", "five"], "--rating must be a whole number from 1 to 5, got 'five'."),
        (["add", "1", "--rating", "3", "--rating", "4"], "--rating was given more than once."),
        (["update", "1", "--rating", "-1"], "--rating must be a whole number from 1 to 5, got '-1'."),
        (["update", "1"], "favorites update needs --note TEXT, --rating N or --no-rating."),
        (["update", "1", "--rating", "2", "--no-rating"], "favorites update takes --rating N or --no-rating, not both."),
        (["list", "--note", "x"], "Unknown flag '--note' for favorites list."),
        (["remove", "1", "--format", "json"], "Unknown flag '--format' for favorites remove."),
        (["show", "1", "--stats"], "Unknown flag '--stats' for favorites show."),
        (["list", "extra"], "Unexpected argument 'extra' for favorites list."),
        (["tidy"], "Unknown favorites action 'tidy' (expected add, list, show, update, remove)."),
        ([], "favorites needs an action: add, list, show, update, remove."),
    ])
    func aBadFavoritesCommandLineIsOneLineAndExit64(_ arguments: [String], _ message: String) {
        expectRefused(["favorites"] + arguments, message)
    }

    @Test func aHugeIdIsRepeatedCutNotWhole() throws {
        let digits = String(repeating: "9", count: 100_000)
        let report = try #require(CommandRun.refusal(["show", "x" + digits]))
        #expect(report.exitCode == .usage)
        #expect(report.message.utf8.count < 300, "an error line of \(report.message.utf8.count) bytes")
        #expect(
            report.message
                == "show needs a positive whole-number character id, got 'x\(digits.prefix(59))… (100001 characters)'." + Self.usageHint)
    }

    @Test func anOptionGivenTwiceIsRefused() {
        expectRefused(["list", "--limit", "3", "--limit", "4"], "--limit was given more than once.")
    }
}
