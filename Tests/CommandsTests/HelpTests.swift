import CommandLineKit
import Commands
import Testing

/// `--help` on any command is a request for help, whatever else is given, and prints its usage.
@Suite struct HelpTests {
    /// Thrown when the arguments a test gives ask for something other than help.
    struct NotHelp: Error {
        let arguments: [String]
    }

    /// What the program prints for `arguments`, which must ask for help.
    private func help(_ arguments: [String]) async throws -> CommandRun {
        guard case .help(let text) = try InvocationParser.parse(arguments).request else { throw NotHelp(arguments: arguments) }
        return await CommandRun { TextCommand(text, console: $0) }
    }

    @Test(arguments: [
        (["--help"], "Usage: CompositionRoot [list|show|serve|graph|cache|favorites]"),
        (["-h"], "Usage: CompositionRoot [list|show|serve|graph|cache|favorites]"),
        (["show", "--help"], "Usage: CompositionRoot show <id>"),
        (["list", "--limit", "5", "--help"], "Usage: CompositionRoot [list] [--offset N]"),
        (["serve", "--help"], "Usage: CompositionRoot serve [--port N] [--max-connections N] [--request-timeout S]"),
        (["graph", "--help"], "Usage: CompositionRoot graph [--modules | --objects]"),
        (["cache", "--help"], "Usage: CompositionRoot cache stats | cache clear"),
    ])
    func helpPrintsUsage(arguments: [String], usage: String) async throws {
        let run = try await help(arguments)
        #expect(run.out.joined().contains(usage))
    }

    @Test func listHelpNamesEveryOptionOfList() async throws {
        let run = try await help(["list", "--help"])
        for option in ["--name", "--modified-since", "--comics", "--series", "--events", "--stories", "--order-by", "--name-starts-with"] {
            #expect(run.out.joined().contains("  \(option) "), "\(option)")
        }
    }

    @Test(arguments: [
        (["favorites", "--help"], "Usage: CompositionRoot favorites add|list|show|update|remove"),
        (["favorites", "add", "--help"], "Usage: CompositionRoot favorites add <id>"),
        (["favorites", "list", "--help"], "Usage: CompositionRoot favorites list"),
        (["favorites", "show", "--help"], "Usage: CompositionRoot favorites show <id>"),
        (["favorites", "update", "--help"], "Usage: CompositionRoot favorites update <id>"),
        (["favorites", "remove", "--help"], "Usage: CompositionRoot favorites remove <id>"),
    ])
    func everyFavoritesVerbHasHelp(arguments: [String], start: String) async throws {
        let run = try await help(arguments)
        #expect(run.out.joined().hasPrefix(start))
        #expect(run.outLines.allSatisfy { $0.count <= 90 })
    }
}
