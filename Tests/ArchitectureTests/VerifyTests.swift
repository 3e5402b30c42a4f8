import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `verify` on a fixture under git, with `swift test` recorded, not run: it stops at the step
/// `.ci/run` would fail in and names it, and runs no test for a change no test can see.
@Suite(.onOwnThread) struct VerifyTests {
    private struct Run {
        var status: Int32 = 0
        var out: [String] = []
        var err: [String] = []
        var swiftCalls: [[String]] = []
    }

    private func verify(_ arguments: [String] = [], in fixture: FixtureWorkspace) -> Run {
        var result = Run()
        result.status = WorkspaceCommand.run(
            ["verify"] + arguments, root: fixture.root, out: { result.out.append($0) }, err: { result.err.append($0) },
            swift: {
                result.swiftCalls.append($0)
                return 0
            })
        return result
    }

    private func committedFixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write(".gitignore", ".build/\n")
        try fixture.write(
            ".swift-format", try String(contentsOf: FixtureWorkspace.packageRoot.appendingPathComponent(".swift-format"), encoding: .utf8))
        try ProgramRunner.commitAll(in: fixture.root)
        return fixture
    }

    @Test func aDocsOnlyChangePassesRunningNoTestAndSaysWhatItLeavesOut() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        try fixture.write("docs/Guide.md", "# Guide\n")
        let result = verify(in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.swiftCalls == [])
        #expect(result.out.first == "verify: 1 file changed since HEAD; they reach 0 modules and 0 test targets.")
        #expect(result.out.contains { $0.hasPrefix("verify leaves out") && $0.contains("coverage") && $0.contains("fuzzing") })
        #expect(result.out.contains("==> tests (none selected)"))
    }

    @Test func aHandEditOfAGeneratedFileFailsAtCheck() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        let package = fixture.root.appendingPathComponent("Package.swift")
        try (String(contentsOf: package, encoding: .utf8) + "// edited by hand\n").write(to: package, atomically: true, encoding: .utf8)
        let result = verify(in: fixture)
        #expect(result.status == 1)
        #expect(result.swiftCalls == [])
        #expect(
            result.err == [
                "Package.swift: Package.swift is out of date with Manifests/: run 'swift run workspace generate'",
                "verify: failed at check; .ci/run fails there too.",
            ])
    }

    @Test func anUnsortedImportFailsAtTheFormatterNamingTheFile() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        try fixture.write(
            "Modules/Feature/Sources/Feature.swift", "import Foundation\nimport Core\n\n/// The feature.\npublic enum Feature {}\n")
        try ProgramRunner.commitAll(in: fixture.root)
        let result = verify(["--since", "HEAD~1"], in: fixture)
        #expect(result.status == 1)
        #expect(result.swiftCalls == [])
        #expect(result.err.first?.hasPrefix("Modules/Feature/Sources/Feature.swift:2:1: error: [OrderedImports]") == true, "\(result.err)")
        #expect(result.err.last == "verify: failed at format (fix with .ci/format); .ci/run fails there too.")
    }
}
