import Arguments
import Testing

/// The help text is derived from the declarations, in two columns with the help at column 30.
@Suite struct UsageTextTests {
    static let count = Option.integer(
        "--count", in: 1...100, default: 20,
        help: "How many records to fetch at most; the server may send fewer when it holds fewer, and never more than 100 (default 20).")
    static let format = Option.choice("--format", ["table", "json", "csv", "markdown"], help: "How to print the records (default table).")
    static let verbose = Option.toggle("--verbose", help: "Say more.")
    static let retries = Option.integer(
        "--retries-on-failure", placeholder: "COUNT", in: 0...9, help: "How many times to retry (default 1).")
    static let connectTimeout = Option.integer(
        "--connect-timeout", placeholder: "MILLISECS", in: 1...60_000, help: "How long to wait for a connection.")
    static let fetch = Command(
        "fetch",
        abstract:
            "Fetch records by id from the archive server, retrying once when the connection drops, and print them. Ids are whole numbers.",
        positionals: Positionals("<id>", count: 1...9), options: [count, format, verbose],
        groups: [OptionGroup("Network options:", [retries, connectTimeout])],
        epilogue: "Exit codes: 0 ok, 64 usage, 69 the server is unavailable.")
    static let demo = Command(
        "demo", abstract: "Work with the archive.", subcommands: [fetch, Command("purge", abstract: "Delete every record. Asks first.")])

    @Test func aCommandsHelpWrapsAndPutsALongOptionsHelpBelowIt() {
        let expected = """
            Usage: demo fetch <id> [options]

            Fetch records by id from the archive server, retrying once when the connection drops, and
            print them. Ids are whole numbers.

              --count N                  How many records to fetch at most; the server may send fewer
                                         when it holds fewer, and never more than 100 (default 20).
              --format table|json|csv|markdown
                                         How to print the records (default table).
              --verbose                  Say more.

            Network options:
              --retries-on-failure COUNT How many times to retry (default 1).
              --connect-timeout MILLISECS
                                         How long to wait for a connection.

            Exit codes: 0 ok, 64 usage, 69 the server is unavailable.
            """
        #expect(Self.demo.help(for: Self.fetch) == expected)
    }

    @Test func theProgramsHelpListsItsSubcommandsByTheirFirstSentence() {
        let expected = """
            Usage: demo fetch|purge

            Work with the archive.

            Subcommands:
              fetch <id>                 Fetch records by id from the archive server, retrying once when
                                         the connection drops, and print them.
              purge                      Delete every record.
            """
        #expect(Self.demo.help() == expected)
        #expect(Self.demo.help(for: Self.demo) == expected)
    }

    @Test func aDeclaredUsageLineAndGroupsAreUsedAsGiven() {
        let help = Product.root.help(for: Product.list)
        #expect(
            help.hasPrefix("Usage: CompositionRoot [list] [--offset N] [--limit N] [options]\n\nPrint a page of characters, by name.\n\n"))
        #expect(help.contains("\n  --offset N                 Index of the first character (default 0).\n"))
        #expect(help.contains("\n  --cache memory|disk|redis|none\n                             Where to cache.\n"))
        let program = Product.root.help()
        #expect(program.contains("\n\nOptions of list and show:\n  --provider fixture|marvel  Where characters come from.\n"))
        #expect(program.hasSuffix("\n\nExit codes: 0 ok, 64 usage, 65 bad data, 66 not found."))
    }

    @Test func aNestedCommandsUsageNamesItsPath() {
        let help = Product.root.help(for: Product.favorites)
        #expect(help.hasPrefix("Usage: CompositionRoot favorites add|list|show|update|remove\n"))
        #expect(help.contains("\n  favorites add <id>         Keep a character as a favourite.\n"))
        let add = Product.favorites.subcommands[0]
        #expect(Product.root.help(for: add).hasPrefix("Usage: CompositionRoot favorites add <id> [options]\n"))
    }

    @Test func aProgramWithoutSubcommandsListsItsOptions() {
        let expected = """
            Usage: Benchmarks [options]

            Every benchmark of the project.

              --check                    Judge every goal.
              --filter TEXT              Only the benchmarks whose name contains TEXT.
              --delta N                  A shift that may be negative.
            """
        #expect(Benchmarks.root.help() == expected)
    }

    @Test func noLineOfTheProductsHelpIsWiderThan92Columns() {
        let commands = [Product.root] + Product.root.subcommands + Product.favorites.subcommands + Product.cacheCommand.subcommands
        let lines = commands.flatMap { Product.root.help(for: $0).split(separator: "\n") }
        #expect(lines.count > commands.count * 3)
        #expect(lines.allSatisfy { $0.count <= 92 })
    }
}
