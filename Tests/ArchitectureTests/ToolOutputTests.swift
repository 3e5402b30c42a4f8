import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// A file a tool executable generates (`generates:`, as docs/CLI.md from cli-manual): `generate`
/// writes what the tool prints, `check` names the file in one line when it differs or the tool's
/// output cannot be had. The tool stands in here for the build and the run, which are SwiftPM's.
@Suite(.onOwnThread) struct ToolOutputTests {
    /// The result of one command: its status and what it printed on each stream.
    struct Outcome {
        let status: Int32
        let out: [String]
        let err: [String]
    }

    /// The fixture with a tool `manual` that generates docs/CLI.md.
    static func fixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        let tool = #".executable(name: "manual", path: "Tools/manual", dependencies: ["Core"], generates: "docs/CLI.md")"#
        let rules = FixtureWorkspace.rules.replacingOccurrences(of: "tools: []", with: "tools: [\(tool)]")
        try fixture.write("Manifests/Workspace.swift", rules)
        try fixture.write("Tools/manual/main.swift", "import Core\nprint(\"# Manual\")\n")
        try fixture.generate()
        return fixture
    }

    static func run(_ arguments: [String], in fixture: FixtureWorkspace, printed: @escaping ToolOutputs.Printed) -> Outcome {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(
            arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) }, swift: { _ in 0 }, printed: printed)
        return Outcome(status: status, out: out, err: err)
    }

    static let stale =
        "docs/CLI.md: docs/CLI.md is not what manual prints (out of date, or edited by hand): run 'swift run workspace generate'"

    @Test func generateWritesWhatTheToolPrintsAndCheckAcceptsIt() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        var asked: [String] = []
        let printed: ToolOutputs.Printed = { tool in
            asked.append(tool.name)
            return "# Manual\n"
        }
        let generated = Self.run(["generate"], in: fixture, printed: printed)
        #expect(generated.status == 0)
        #expect(generated.out == ["Wrote docs/CLI.md."])
        #expect(try String(contentsOf: fixture.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8) == "# Manual\n")
        #expect(Self.run(["generate"], in: fixture, printed: printed).out == ["Everything is up to date."])
        let checked = Self.run(["check"], in: fixture, printed: printed)
        #expect(checked.status == 0)
        #expect(checked.err == [])
        #expect(asked == ["manual", "manual", "manual"])
    }

    @Test func checkNamesTheFileInOneLineWhenEditedByHandOrMissing() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        try fixture.write("docs/CLI.md", "# Manual, edited by hand\n")
        let edited = Self.run(["check"], in: fixture) { _ in "# Manual\n" }
        #expect(edited.status == 1)
        #expect(edited.err == [Self.stale])
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("docs/CLI.md"))
        #expect(Self.run(["check"], in: fixture) { _ in "# Manual\n" }.err == [Self.stale])
    }

    @Test func aToolWhoseOutputCannotBeHadIsOneLineAndWritesNothing() throws {
        struct Broken: Error, CustomStringConvertible {
            let description = "swift build --product manual exited 1; run 'swift build --product manual' to see why"
        }
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let checked = Self.run(["check"], in: fixture) { _ in throw Broken() }
        #expect(checked.status == 1)
        #expect(checked.err == ["docs/CLI.md: cannot compare docs/CLI.md with what manual prints: \(Broken().description)"])
        let generated = Self.run(["generate"], in: fixture) { _ in throw Broken() }
        #expect(generated.status == 74)
        #expect(generated.err == ["workspace: cannot generate docs/CLI.md from what manual prints: \(Broken().description)"])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("docs/CLI.md").path))
    }
}
