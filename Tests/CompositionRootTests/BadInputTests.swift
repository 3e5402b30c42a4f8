import Foundation
import TestSupport
import Testing

/// Every bad input gets one line on stderr naming the problem, and its documented exit code.
@Suite(.onOwnThread) struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageHint = " Run 'CompositionRoot --help' for usage."

    static let cases: [Case] = [
        Case(arguments: ["--bogus"], status: 64, message: "Unknown flag '--bogus' for list." + usageHint),
        Case(arguments: ["show", "1", "--limit", "3"], status: 64, message: "Unknown flag '--limit' for show." + usageHint),
        Case(
            arguments: ["frobnicate"], status: 64,
            message: "Unknown subcommand 'frobnicate' (expected list, show, serve, graph, cache, favorites)." + usageHint),
        Case(arguments: ["list", "extra"], status: 64, message: "Unexpected argument 'extra' for list." + usageHint),
        Case(arguments: ["--version", "extra"], status: 64, message: "Unexpected argument 'extra' for CompositionRoot." + usageHint),
        Case(arguments: ["--help", "--bogus"], status: 64, message: "Unknown flag '--bogus' for CompositionRoot." + usageHint),
        Case(arguments: ["--limit", "0"], status: 64, message: "--limit must be a whole number from 1 to 100, got '0'." + usageHint),
        Case(arguments: ["--limit", "101"], status: 64, message: "--limit must be a whole number from 1 to 100, got '101'." + usageHint),
        Case(arguments: ["--limit", "ten"], status: 64, message: "--limit must be a whole number from 1 to 100, got 'ten'." + usageHint),
        Case(arguments: ["--offset", "-1"], status: 64, message: "--offset must be a whole number ≥ 0, got '-1'." + usageHint),
        Case(arguments: ["--limit"], status: 64, message: "--limit needs a value." + usageHint),
        Case(arguments: ["--fixtures"], status: 64, message: "--fixtures needs a value." + usageHint),
        Case(arguments: ["show"], status: 64, message: "show needs a character id, such as 'show 1011334'." + usageHint),
        Case(arguments: ["show", "abc"], status: 64, message: "show needs a positive whole-number character id, got 'abc'." + usageHint),
        Case(arguments: ["show", "1", "2"], status: 64, message: "show takes one argument, got 2." + usageHint),
        Case(arguments: ["show", "999"], status: 66, message: "No character has id 999."),
        Case(
            arguments: ["--fixtures", "/nonexistent/excelsior"], status: 66,
            message: "Fixture directory /nonexistent/excelsior does not exist."),
        Case(
            arguments: ["--cache", "bogus"], status: 64,
            message: "--cache must be one of memory, disk, redis, none, got 'bogus'." + usageHint),
        Case(arguments: ["--format", "xml"], status: 64, message: "--format must be one of table, json, got 'xml'." + usageHint),
        Case(arguments: ["--provider", "web"], status: 64, message: "--provider must be one of fixture, marvel, got 'web'." + usageHint),
        Case(
            arguments: ["--provider", "marvel", "--base-url", "gopher://x"], status: 64,
            message: "--base-url must be an http or https URL such as http://127.0.0.1:8080, got 'gopher://x'." + usageHint),
        Case(arguments: ["--base-url", "http://127.0.0.1:8080"], status: 64, message: "--base-url needs --provider marvel." + usageHint),
        Case(
            arguments: ["--provider", "marvel", "--fixtures", "/tmp"], status: 64,
            message: "--fixtures needs --provider fixture." + usageHint),
        Case(
            arguments: ["--provider", "marvel"], status: 64,
            message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables." + usageHint),
        Case(arguments: ["--name-starts-with", " "], status: 64, message: "--name-starts-with needs at least one letter." + usageHint),
        Case(
            arguments: ["graph", "--format", "svg"], status: 64,
            message: "--format must be one of text, mermaid, dot, got 'svg'." + usageHint),
        Case(
            arguments: ["graph", "--modules", "--objects"], status: 64, message: "graph takes --modules or --objects, not both." + usageHint
        ),
        Case(arguments: ["cache"], status: 64, message: "cache needs an action: 'cache stats' or 'cache clear'." + usageHint),
        Case(arguments: ["cache", "shrink"], status: 64, message: "Unknown cache action 'shrink' (expected stats or clear)." + usageHint),
        Case(
            arguments: ["serve", "--port", "70000"], status: 64,
            message: "--port must be a port from 0 to 65535 (0 picks a free one), got '70000'." + usageHint),
        Case(arguments: ["serve", "--cache", "disk"], status: 64, message: "Unknown flag '--cache' for serve." + usageHint),
        Case(
            arguments: ["serve", "--max-connections", "0"], status: 64,
            message: "--max-connections must be a whole number from 1 to 4096, got '0'." + usageHint),
        Case(
            arguments: ["serve", "--max-connections=lots"], status: 64,
            message: "--max-connections must be a whole number from 1 to 4096, got 'lots'." + usageHint),
        Case(
            arguments: ["serve", "--request-timeout", "3601"], status: 64,
            message: "--request-timeout must be a whole number of seconds from 1 to 3600, got '3601'." + usageHint),
        Case(arguments: ["serve", "--request-timeout"], status: 64, message: "--request-timeout needs a value." + usageHint),
    ]

    @Test(arguments: cases)
    func refusedWithOneLineAndItsExitCode(_ badInput: Case) async throws {
        let run = try await ProgramRun(badInput.arguments, environment: ["MARVEL_PUBLIC_KEY": "", "MARVEL_PRIVATE_KEY": ""])
        #expect(run.status == badInput.status)
        #expect(run.stderrLines == ["CompositionRoot: " + badInput.message])
        #expect(run.stdout.isEmpty)
    }

    @Test func fixtureDirectoryWithoutWrapperFilesIsBadData() async throws {
        let directory = try TemporaryFixtures(["readme.txt": "nothing here"])
        defer { directory.remove() }
        let run = try await ProgramRun(["--fixtures", directory.url.path])
        #expect(run.status == 65)
        #expect(run.stderrLines == ["CompositionRoot: Fixture directory \(directory.url.path) holds no Marvel wrapper files (*.json)."])
    }

    @Test func malformedFixtureIsBadDataNamingTheFile() async throws {
        let directory = try TemporaryFixtures(["broken.json": "{\"data\": [1, 2"])
        defer { directory.remove() }
        let run = try await ProgramRun(["--fixtures", directory.url.path])
        #expect(run.status == 65)
        let file = directory.url.appendingPathComponent("broken.json").path
        #expect(run.stderrLines == ["CompositionRoot: Fixture \(file) is not a Marvel character wrapper: it is not a JSON object"])
    }
}
