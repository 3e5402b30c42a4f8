import Arguments
import Testing

/// Every refusal is one line derived from the declarations, word for word what the product prints.
@Suite struct ErrorMessageTests {
    @Test(arguments: [
        (["frobnicate"], "Unknown subcommand 'frobnicate' (expected list, show, serve, graph, cache, favorites)."),
        (["--bogus"], "Unknown flag '--bogus' for list."),
        (["list", "--bogus=1"], "Unknown flag '--bogus' for list."),
        (["show", "1", "--limit", "3"], "Unknown flag '--limit' for show."),
        (["favorites", "remove", "1", "--format", "json"], "Unknown flag '--format' for favorites remove."),
        (["show", "1", "-x"], "Unknown flag '-x' for show."),
        (["--limit"], "--limit needs a value."),
        (["--limit", "--format", "json"], "--limit needs a value."),
        (["--limit", "ten"], "--limit must be a whole number from 1 to 100, got 'ten'."),
        (["--limit", "0"], "--limit must be a whole number from 1 to 100, got '0'."),
        (["--limit=101"], "--limit must be a whole number from 1 to 100, got '101'."),
        (["--offset", "-1"], "--offset must be a whole number ≥ 0, got '-1'."),
        (["serve", "--port", "70000"], "--port must be a port from 0 to 65535 (0 picks a free one), got '70000'."),
        (["serve", "--max-connections=lots"], "--max-connections must be a whole number from 1 to 4096, got 'lots'."),
        (["serve", "--request-timeout", "3601"], "--request-timeout must be a whole number of seconds from 1 to 3600, got '3601'."),
        (["--format", "xml"], "--format must be one of table, json, got 'xml'."),
        (["graph", "--format", "svg"], "--format must be one of text, mermaid, dot, got 'svg'."),
        (["--cache-dir", ""], "--cache-dir needs a directory path, got an empty string."),
        (["--cache-dir="], "--cache-dir needs a directory path, got an empty string."),
        (["list", "extra"], "Unexpected argument 'extra' for list."),
        (["favorites", "list", "extra"], "Unexpected argument 'extra' for favorites list."),
        (["show", "1", "2"], "show takes one argument, got 2."),
        (["favorites", "add", "1", "2"], "favorites add takes one character id, got 2."),
        (["show"], "show needs a character id, such as 'show 1011334'."),
        (["favorites", "add", "--rating", "5"], "favorites add needs a character id, such as 'favorites add 1009610'."),
        (["graph", "--modules", "--objects"], "graph takes --modules or --objects, not both."),
        (["favorites", "update", "1", "--rating", "2", "--no-rating"], "favorites update takes --rating N or --no-rating, not both."),
        (["favorites", "add", "1", "--rating", "1", "--rating=2"], "--rating was given more than once."),
        (["--stats", "--stats"], "--stats was given more than once."),
        (["--stats=yes"], "--stats takes no value."),
        (["favorites"], "favorites needs a subcommand: add, list, show, update, remove."),
        (["favorites", "tidy"], "Unknown subcommand 'tidy' (expected add, list, show, update, remove)."),
        (["cache", "--cache", "disk"], "cache needs a subcommand: stats, clear."),
        (["list", "--", "x"], "Unexpected argument '--' for list."),
    ])
    func productRefusals(arguments: [String], expected: String) {
        #expect(message(arguments) == expected)
    }

    @Test(arguments: [
        (["rename", "A"], "rename needs two names, got 1."),
        (["rename", "A", "B", "C"], "rename takes two names, got 3."),
        (["move"], "move needs at least one path, got 0."),
        (["test", "--base", "main", "--changed"], "test takes --base REF or --changed, not both."),
    ])
    func derivedRefusals(arguments: [String], expected: String) {
        #expect(message(arguments, in: Workspace.root) == expected)
    }

    @Test func anOptionalPositionalIsSaidAsAtMost() {
        let fetch = Command("fetch", abstract: "", positionals: Positionals("[<id>]", count: 0...1))
        #expect(message(["1", "2"], in: fetch) == "fetch takes at most one argument, got 2.")
        #expect(message([], in: fetch) == nil)
    }

    @Test func threeExclusiveOptionsNameOnlyThoseGiven() {
        let options = ["--a", "--b", "--c"].map { Option.toggle($0, help: "") }
        let pick = Command("pick", abstract: "", options: options, exclusive: [options])
        #expect(message(["--a", "--c"], in: pick) == "pick takes --a or --c, not both.")
        #expect(message(["--c", "--b", "--a"], in: pick) == "pick takes only one of --a, --b or --c.")
        #expect(message(["--b"], in: pick) == nil)
    }

    @Test func theReasonAndCommandLetCallersWordAnErrorTheirOwnWay() throws {
        let error = try #require(throws: ArgumentError.self) { try Product.root.parse(["favorites", "tidy"]) }
        #expect(error.reason == .unknownSubcommand("tidy"))
        #expect(error.command.name == "favorites")
        #expect(error.description == error.message)
    }

    @Test func everyValueIsCheckedWhileParsingEvenOnesTheCallerMayNotRead() {
        let expected = "--timeout must be a whole number of seconds from 1 to 3600, got '0'."
        #expect(message(["show", "1", "--format", "json", "--timeout", "0"]) == expected)
    }
}
