import Arguments
import Browse
import CommandLineKit
import Commands
import DataProviders
import Favorites
import Testing

/// The command line read into an `Invocation`, and the refusals only the program's rules make.
@Suite struct InvocationParserTests {
    @Test func everyFlagFormIsRead() throws {
        #expect(try InvocationParser.request([]) == .list(ListCommand.Request()))
        var page = ListCommand.Request()
        (page.offset, page.limit, page.query) = (5, 7, CharacterQuery(nameStartsWith: "sp"))
        #expect(try InvocationParser.request(["list", "--offset=5", "--limit", "7", "--name-starts-with", "sp"]) == .list(page))
        let every = [
            "--name", "Thor", "--modified-since", "2014-01-01", "--comics", "1,2", "--series", "3", "--events", "4",
            "--stories", "5", "--order-by", "-modified,name",
        ]
        var query = ListCommand.Request()
        query.query = CharacterQuery(
            name: "Thor", modifiedSince: "2014-01-01", comics: "1,2", series: "3", events: "4", stories: "5", orderBy: "-modified,name")
        #expect(try InvocationParser.request(["list"] + every) == .list(query))
        var show = ShowCommand.Request(id: 42)
        show.format = .json
        #expect(try InvocationParser.request(["show", "42", "--format", "json"]) == .show(show))
        #expect(try InvocationParser.request(["graph", "--objects", "--format", "dot"]) == .graph(.init(kind: .objects, format: .dot)))
        #expect(try InvocationParser.request(["cache", "clear", "--cache", "redis"]) == .cache(.init(action: .clear, format: .table)))
        let favorites = try InvocationParser.parseLine(["favorites", "update", "7", "--no-rating"])
        #expect(favorites.invocation.request == .command("favorites update"))
        #expect(favorites.command == .favorites(.update(id: 7, note: nil, rating: .clear)))
    }

    /// Each command the declarations hold, named with the least it needs, is read as that command:
    /// a declared command without a reader would be refused (64), never read as another.
    @Test func everyDeclaredCommandIsReadAsItself() throws {
        let needs = ["favorites update": ["--no-rating"]]
        let commands = Self.leaves(of: Declarations.sampleProgram)
        #expect(commands.count >= 11)
        for command in commands {
            let arguments = command.name.split(separator: " ").map(String.init) + (command.positionals == nil ? [] : ["7"])
            let line = try InvocationParser.parseLine(arguments + (needs[command.name] ?? []))
            #expect(line.invocation.request == .command(command.name))
            #expect(line.command.map(Self.name(of:)) == command.name)
        }
    }

    /// The commands that run, below `command`.
    private static func leaves(of command: Command) -> [Command] {
        command.subcommands.flatMap { $0.subcommands.isEmpty ? [$0] : leaves(of: $0) }
    }

    /// The name of the command whose reader read `request`.
    private static func name(of request: SampleRequest) -> String {
        switch request {
        case .list: "list"
        case .show: "show"
        case .serve: "serve"
        case .graph: "graph"
        case .cache(let cache): cache.action == .statistics ? "cache stats" : "cache clear"
        case .favorites(.add): "favorites add"
        case .favorites(.list): "favorites list"
        case .favorites(.show): "favorites show"
        case .favorites(.update): "favorites update"
        case .favorites(.remove): "favorites remove"
        }
    }

    @Test func anUnknownSubcommandIsRefusedWithOrWithoutHelp() {
        let words = Declarations.sampleProgram.subcommands.map(\.word).joined(separator: ", ")
        for arguments in [["forecasts"], ["forecasts", "--help"], ["forecasts", "list", "-h"]] {
            #expect(throws: UsageError(message: "Unknown subcommand 'forecasts' (expected \(words)).")) {
                try InvocationParser.parse(arguments)
            }
        }
    }

    @Test func theFavoritesStoreIsSQLiteUnlessPostgresIsChosen() throws {
        #expect(try InvocationParser.parse(["favorites", "list"]).store == "sqlite")
        let postgres = try InvocationParser.parse(["favorites", "list", "--store", "postgres", "--database-url", "postgres://a@b/c"])
        #expect(postgres.store == "postgres")
        #expect(postgres.arguments?[SampleOptions.databaseURL] == "postgres://a@b/c")
        let withoutURL = try InvocationParser.parse(["favorites", "remove", "7", "--store", "postgres"])
        #expect(withoutURL.arguments?[SampleOptions.databaseURL] == .some(nil))
    }

    @Test func theTimeOutHasOneDefault() throws {
        #expect(try InvocationParser.parse(["show", "1"]).timeout == .seconds(Options.defaultTimeoutSeconds))
        #expect(try InvocationParser.parse(["show", "1", "--timeout", "3"]).timeout == .seconds(3))
    }

    @Test func helpWinsOverBadValuesAndVersionStandsAlone() throws {
        guard case .help(let text) = try InvocationParser.parse(["list", "--limit", "0", "--help"]).request else {
            Issue.record("expected help")
            return
        }
        #expect(text.hasPrefix("Usage: CompositionRoot [list] [--offset N]"))
        #expect(try InvocationParser.parse(["serve", "--version"]).request == .version)
        #expect(throws: UsageError.self) { try InvocationParser.parse(["serve", "--bogus", "--version"]) }
        #expect(throws: UsageError.self) { try InvocationParser.parse(["--help", "--bogus"]) }
    }

    @Test(arguments: [
        (["--redis-url", "redis://x"], "--redis-url needs --cache redis."),
        (["--base-url", "http://x"], "--base-url needs --provider marvel."),
        (["--provider", "marvel", "--fixtures", "/tmp"], "--fixtures needs --provider fixture."),
        (
            ["--provider", "marvel", "--base-url", "gopher://x"],
            "--base-url must be an http or https URL such as http://127.0.0.1:8080, got 'gopher://x'."
        ),
        (
            ["--provider", "marvel", "--base-url", "gopher://user:BASEPW999@x"],
            "--base-url must be an http or https URL such as http://127.0.0.1:8080, got 'gopher://***@x'."
        ),
        (["--provider", "marvel", "--base-url", "http://127.0.0.1:99999/"], "--base-url's port must be 1 to 65535, got 99999."),
        (["list", "--name-starts-with", " "], "--name-starts-with needs at least one letter."),
        (["show", "0"], "show needs a positive whole-number character id, got '0'."),
        (["cache", "stats", "--cache", "memory"], "cache stats works on --cache disk or redis, got 'memory'."),
        (["cache"], "cache needs an action: 'cache stats' or 'cache clear'."),
        (["favorites", "tidy"], "Unknown favorites action 'tidy' (expected add, list, show, update, remove)."),
        (["favorites", "tidy", "--help"], "Unknown favorites action 'tidy' (expected add, list, show, update, remove)."),
        (["cache", "tidy", "--help"], "Unknown cache action 'tidy' (expected stats or clear)."),
        (["favorites", "update", "7"], "favorites update needs --note TEXT, --rating N or --no-rating."),
        (["favorites", "add", "7", "--rating", "3", "--rating", "4"], "--rating was given more than once."),
        (["favorites", "list", "--database-url", "postgres://a@b/c"], "--database-url needs --store postgres."),
        (["favorites", "list", "--store", "sqlite", "--database-url", "postgres://a@b/c"], "--database-url needs --store postgres."),
    ])
    func rulesBetweenOptionsAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message: message)) { try InvocationParser.parse(arguments) }
    }
}
