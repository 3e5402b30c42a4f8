import CommandLineKit
import Commands
import CompositionRootKit
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
    /// A subcommand the program does not have, `--help` beside it or not: never another command's help or run.
    static let unknownSubcommand =
        "Unknown subcommand 'no-such-command' (expected \(Declarations.program(.registered, commands: FeatureAssembly.commands.map(\.declaration)).subcommands.map(\.word).joined(separator: ", ")))."
        + usageHint

    /// What only the composed program shows: that a usage error reaches stderr with the
    /// program's name and exit 64 (CommandsTests checks every one's line), an id the emulator
    /// does not have, and the composition root's own checks of the fixtures and the keys.
    static let cases: [Case] = [
        Case(arguments: ["--bogus"], status: 64, message: "Unknown flag '--bogus' for list." + usageHint),
        Case(arguments: ["no-such-command"], status: 64, message: unknownSubcommand),
        Case(arguments: ["no-such-command", "--help"], status: 64, message: unknownSubcommand),
        Case(arguments: ["no-such-command", "list", "-h"], status: 64, message: unknownSubcommand),
        Case(
            arguments: ["favorites", "tidy", "--help"], status: 64,
            message: "Unknown favorites action 'tidy' (expected add, list, show, update, remove)." + usageHint),
        Case(
            arguments: ["cache", "tidy", "--help"], status: 64,
            message: "Unknown cache action 'tidy' (expected stats or clear)." + usageHint),
        Case(arguments: ["show", "999"], status: 66, message: "No character has id 999."),
        Case(
            arguments: ["--fixtures", "/nonexistent/excelsior"], status: 66,
            message: "Fixture directory /nonexistent/excelsior does not exist."),
        Case(
            arguments: ["--provider", "marvel"], status: 64,
            message: "--provider marvel needs the MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY environment variables." + usageHint),
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
