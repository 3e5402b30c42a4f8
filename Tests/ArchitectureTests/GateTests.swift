import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// What the tools write passes CI's gates: every template and a rename pass `swift format lint
/// --strict` with the workspace's configuration and `check`; `check` warns about a template's
/// placeholder text left in place and finds a test that reads the tree without declaring it.
@Suite(.onOwnThread) struct GateTests {
    @Test func everyTemplateAndARenamePassTheFormatterAndCheck() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        for arguments in [
            ["new", "Zodiac", "--template", "feature", "--dependencies", "Core"], ["new", "Weather", "--template", "service"],
            ["new", "Ledger", "--dependencies", "Core"], ["rename", "Feature", "Zfeature"],
        ] {
            let result = fixture.run(arguments)
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
        let lint = try fixture.lint(written)
        #expect(lint == [])
        #expect(try fixture.problems() == [])
    }

    /// In a workspace with the command-line kit and a composition root that lists its features,
    /// `new --template feature` writes the feature's command and registers it, and what it wrote
    /// passes the formatter and `check`; `rename` moves the registration and `remove` takes it
    /// away with the module.
    @Test func aFeatureGetsItsCommandAndIsRegisteredAndRemovedWhole() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let list = try fixture.listFeatures()
        // A command the workspace declares already, whose word a new feature may not take.
        try fixture.write("Modules/Feature/Sources/Serve.swift", "let serve = Command(\n    \"serve\", abstract: \"Serve.\")\n")
        try fixture.generate()
        let before = fixture.snapshot(skipping: [".build", ".swift-format"])

        let taken = fixture.run(["new", "Serve", "--template", "feature"])
        #expect(taken.status == 64)
        #expect(
            taken.err == ["workspace: the command 'serve' is already declared in Modules/Feature/Sources/Serve.swift; pick another name"])
        let created = fixture.run(["new", "Zodiac", "--template", "feature"])
        #expect(created.status == 0, "\(created.err)")
        #expect(created.out.contains("Registered it in the composition root: \(list), Manifests/Modules/App.swift."))
        #expect(created.out.last == "Try it: 'zodiac --id 1' in the program, or alone: swift run ZodiacExample zodiac --id 1.")
        #expect(try String(contentsOf: fixture.root.appendingPathComponent(list), encoding: .utf8).contains("= [.zodiac]"))
        let manifest = try String(contentsOf: fixture.root.appendingPathComponent("Manifests/Modules/Zodiac.swift"), encoding: .utf8)
        #expect(manifest.contains(#"dependencies: ["Arguments", "CommandLineKit"]"#))
        for path in [
            "Modules/Zodiac/Sources/ZodiacCommand.swift", "Modules/Zodiac/Sources/ZodiacError+Report.swift",
            "Tests/ZodiacTests/ZodiacCommandTests.swift", "App/App/Features/ZodiacAssembly.swift",
        ] {
            #expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try fixture.lint(["Modules/Zodiac", "Tests/ZodiacTests", "Examples/ZodiacExample", "App"]) == [])
        #expect(try fixture.problems() == [])

        let renamed = fixture.run(["rename", "Zodiac", "Aries"])
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(try String(contentsOf: fixture.root.appendingPathComponent(list), encoding: .utf8).contains("= [.aries]"))
        let assembly = try String(contentsOf: fixture.root.appendingPathComponent("App/App/Features/AriesAssembly.swift"), encoding: .utf8)
        #expect(assembly.contains("import Aries\n") && assembly.contains("static let aries = "))
        #expect(try fixture.problems() == [])
        let removed = fixture.run(["remove", "Aries"])
        #expect(removed.status == 0, "\(removed.err)")
        #expect(removed.out.contains("Unregistered it from the composition root: \(list), Manifests/Modules/App.swift."), "\(removed.out)")
        #expect(fixture.changes(since: before, skipping: [".build", ".swift-format"]) == [])
    }

    @Test func aPlaceholderLeftInACatalogOrDocCommentIsAWarningWithItsPlace() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        #expect(fixture.run(["new", "Forecasts", "--template", "service"]).status == 0)
        let check = fixture.run(["check"])
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
        #expect(fixture.run(["check"]).err == [])
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
