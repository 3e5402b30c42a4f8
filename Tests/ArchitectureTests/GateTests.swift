import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// What the tools write passes CI's gates: every template and a rename pass `swift format lint
/// --strict` with the workspace's configuration and `check`; `check` warns about a template's
/// placeholder text left in place and finds a test that reads the tree without declaring it.
@Suite(.onOwnThread) struct GateTests {
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    /// What `swift format lint --strict` says about `paths`, with the workspace's configuration.
    private func lint(_ paths: [String], in fixture: FixtureWorkspace) throws -> [String] {
        try fixture.write(
            ".swift-format", try String(contentsOf: FixtureWorkspace.packageRoot.appendingPathComponent(".swift-format"), encoding: .utf8))
        let result = try ProgramRunner.run(["swift", "format", "lint", "--strict", "--recursive"] + paths, in: fixture.root)
        return result.output.split(separator: "\n").map(String.init).filter { $0.contains("warning:") || $0.contains("error:") }
    }

    @Test func everyTemplateAndARenamePassTheFormatterAndCheck() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        for arguments in [
            ["new", "Zodiac", "--template", "feature", "--dependencies", "Core"], ["new", "Weather", "--template", "service"],
            ["new", "Ledger", "--dependencies", "Core"], ["rename", "Feature", "Zfeature"],
        ] {
            let result = run(arguments, in: fixture)
            #expect(result.status == 0, "\(arguments): \(result.err)")
        }
        let main = try String(contentsOf: fixture.root.appendingPathComponent("App/App/main.swift"), encoding: .utf8)
        #expect(main.hasPrefix("import Core\nimport Injection\nimport Zfeature\n"), "the renamed import moved into order: \(main)")
        // What the tools wrote: the three kits, the renamed module's Testing target and tests, and
        // the app whose imports the rename changed (the fixture's own sources have no doc comments).
        let written =
            ["Zodiac", "Weather", "Ledger"].flatMap { ["Modules/\($0)", "Tests/\($0)Tests"] } + [
                "Examples/ZodiacExample", "Modules/Zfeature/Testing", "Tests/ZfeatureTests", "App",
            ]
        let lint = try lint(written, in: fixture)
        #expect(lint == [])
        #expect(try fixture.problems() == [])
    }

    @Test func aPlaceholderLeftInACatalogOrDocCommentIsAWarningWithItsPlace() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        #expect(run(["new", "Forecasts", "--template", "service"], in: fixture).status == 0)
        let check = run(["check"], in: fixture)
        #expect(check.status == 0, "warnings do not fail check")
        #expect(check.out == ["The workspace follows its manifests and rules."])
        #expect(
            check.err == [
                "Modules/Forecasts/Sources/Forecasts.docc/Forecasts.md:3: warning: Forecasts still holds the template's placeholder "
                    + "\"holds, in one line.\": say what it is",
                "Modules/Forecasts/Sources/ForecastsService.swift:1: warning: Forecasts still holds the template's placeholder "
                    + "\"grow it one operation (and spec) at a time.\": say what it is",
            ])
        try fixture.write("Modules/Forecasts/Sources/Forecasts.docc/Forecasts.md", "# ``Forecasts``\n\nTomorrow's weather.\n")
        try fixture.write(
            "Modules/Forecasts/Sources/ForecastsService.swift",
            "/// Tomorrow's weather.\npublic protocol ForecastsService: Sendable {\n    /// The item with `id`.\n"
                + "    func item(id: String) async throws -> ForecastsItem\n}\n")
        #expect(run(["check"], in: fixture).err == [])
    }

    @Test func aTestThatReadsTheTreeWithoutDeclaringItIsFound() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("docs/guide.md", "# Guide\n")
        try fixture.write(
            "Tests/CoreTests/GuideTests.swift",
            """
            import Foundation

            // "docs/notes.md" in a comment is not a read.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            let guide = root.appendingPathComponent("docs/guide.md")
            let own = root.appendingPathComponent("Tests/CoreTests")
            let fixture = root.appendingPathComponent("Modules/\\(guide)/Sources")

            """)
        #expect(
            try fixture.problems() == [
                "Tests/CoreTests/GuideTests.swift:5: CoreTests reads docs/guide.md, outside its targets, but does not declare it: "
                    + "add \"docs/guide.md\" to its 'reads:' in Manifests/Modules/Core.swift"
            ])
        try fixture.write(
            "Manifests/Modules/Core.swift",
            FixtureWorkspace.manifest("Core", #""Core", layer: .core, tests: ["CoreTesting"], testsReads: ["docs"]"#))
        try fixture.generate()
        #expect(try fixture.problems() == [])
    }
}
