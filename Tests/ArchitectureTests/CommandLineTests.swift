import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The tool's command line as a whole: help derived from its declarations, and the refusals that
/// come before any workspace is read (so no fixture is needed).
@Suite(.onOwnThread) struct CommandLineTests {
    private func run(_ arguments: [String]) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-workspace-here")
        let status = WorkspaceCommand.run(arguments, root: root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    @Test func helpListsEverySubcommandAndTheExitCodes() throws {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.err == [])
        let help = try #require(result.out.first)
        #expect(help.hasPrefix("Usage: workspace generate|check|graph|new|rename|remove|move|affected|test|verify|docs\n"))
        for row in ["  new <Name>   ", "  rename <Old> <New>   ", "  move <Path>...   ", "  test   "] {
            #expect(help.contains(row), "\(row)")
        }
        #expect(help.contains("Exit codes: 0 ok, 1 problems found"))
        #expect(run(["-h"]).out == result.out)
    }

    @Test func eachSubcommandHasItsOwnHelpWhateverItsArguments() throws {
        let new = run(["new", "Name", "--template", "bogus", "--help"])
        #expect(new.status == 0)
        let help = try #require(new.out.first)
        #expect(help.hasPrefix("Usage: workspace new <Name> [options]\n"))
        #expect(help.contains("\n  --template library|service|feature"), "\(help)")
        #expect(run(["move", "--help"]).out.first?.hasPrefix("Usage: workspace move <Path>... --to <Target>\n") == true)
        #expect(run(["test", "-h"]).out.first?.hasPrefix("Usage: workspace test [--base REF | --changed [--explain]] [-- ARGS]\n") == true)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 92 })
    }

    @Test(arguments: [
        ([], "workspace: workspace needs a subcommand: generate, check, graph, new, rename, remove, move, affected, test, verify, docs."),
        (
            ["bogus"],
            "workspace: Unknown subcommand 'bogus' (expected generate, check, graph, new, rename, remove, move, affected, test, verify, docs)."
        ),
        (
            ["help"],
            "workspace: Unknown subcommand 'help' (expected generate, check, graph, new, rename, remove, move, affected, test, verify, docs)."
        ),
        (["--version"], "workspace: Unknown flag '--version' for workspace."),
        (["generate", "Package.swift"], "workspace: Unexpected argument 'Package.swift' for generate."),
        (["check", "--strict"], "workspace: Unknown flag '--strict' for check."),
        (["graph", "--tests=yes"], "workspace: --tests takes no value."),
    ])
    func aCommandLineTheDeclarationsRefuseExits64WithOneLine(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.out == [])
        #expect(result.err == [message])
    }
}
