import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The workspace tool's results build and pass their tests in a real SwiftPM build, one build
/// for all of them (the suite shares two cores with the rest): modules scaffolded from every
/// template (a feature's example program run too, and an adapter over the workspace's own
/// SQLite module), and a rename of the module every other
/// module, test target and the app imports.
@Suite(.onOwnThread) struct FixtureBuildTests {
    // A bound on a hang, not a time to meet: about 80 s on an idle machine, and more than 600 s
    // with both cores also spinning and the rest of the suite beside it (a run of `.ci/run`).
    @Test(.timeLimit(.minutes(25)))
    func scaffoldedAndRenamedModulesBuildAndPassTheirTests() async throws {
        // Minutes of `swift build` and `swift test`: on a thread of its own, not one of the two the
        // tests running in parallel share (they starved, and loopback tests timed out).
        try await onOwnThread { try Self.buildAndTestAFixture() }
    }

    private static func buildAndTestAFixture() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Modules/Core/Sources/Core.swift", "public enum Core {\n    public static func twice(_ value: Int) -> Int { value * 2 }\n}\n")
        // A catalog that `rename` carries along: its folder, root article and title follow the name.
        try fixture.write("Modules/Core/Sources/Core.docc/Core.md", "# ``Core``\n\nDoubling.\n")
        try fixture.write(
            "Modules/Core/Testing/CoreTesting.swift", "import Core\n\npublic enum CoreFixtures {\n    public static let value = 21\n}\n")
        try fixture.write(
            "Tests/CoreTests/CoreTests.swift",
            "@testable import Core\nimport CoreTesting\nimport Testing\n\n@Test func twice() {\n    #expect(Core.twice(CoreFixtures.value) == 42)\n}\n"
        )
        try fixture.write(
            "Modules/Feature/Sources/Feature.swift",
            "import Core\n\npublic enum Feature {\n    public static func answer() -> Int { Core.twice(21) }\n}\n")
        try fixture.write(
            "Tests/FeatureTests/FeatureTests.swift",
            "import CoreTesting\nimport Feature\nimport FeatureTesting\nimport Testing\n\n"
                + "@Test func answer() {\n    #expect(Feature.answer() == CoreFixtures.value * 2)\n}\n")
        try fixture.write(
            "Manifests/Modules/Feature.swift",
            FixtureWorkspace.manifest(
                "Feature", #""Feature", layer: .feature, dependencies: ["Core"], tests: ["CoreTesting", "FeatureTesting"]"#))
        try fixture.write("App/App/main.swift", "import Core\nimport Feature\nimport Injection\n\nprint(Feature.answer(), Core.twice(1))\n")

        try fixture.write("Manifests/Workspace.swift", FixtureWorkspace.rulesWithAdapters)
        try fixture.addSQLite()

        var errors: [String] = []
        for arguments in [
            ["new", "Favorites", "--dependencies", "Core"], ["new", "Weather", "--template", "service"],
            ["new", "Forecasts", "--template", "feature", "--dependencies", "Core"],
            ["new", "SQLiteForecasts", "--template", "adapter", "--port", "Forecasts", "--technology", "SQLite"],
            ["rename", "Core", "Kernel"],
        ] {
            let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { _ in }, err: { errors.append($0) })
            #expect(status == 0, "\(arguments): \(errors)")
        }
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")

        // One build job: the rest of the suite, timing-sensitive socket tests among them, runs beside it.
        let test = try ProgramRunner.run(["swift", "test", "--jobs", "1"], in: fixture.root)
        #expect(test.status == 0, "\(test.output)")
        for passed in [
            "Test twice() passed", "Test answer() passed", "Test valuesWithTheSameTextAreEqual() passed",
            "Test bundledServiceMeetsTheContract(_:) with 2 test cases passed", "Test stubMeetsTheContract(_:) with 2 test cases passed",
            // The adapter, over a real SQLite file and in memory, held to its port's contract.
            "Test itMeetsThePortsContract(_:) with 2 test cases passed", "Test itsItemsOutliveItInTheirFile() passed",
        ] {
            #expect(test.output.contains(passed), "\(passed)")
        }
        // Weather's and the Forecasts feature's contracts both ran.
        #expect(test.output.components(separatedBy: "Test stubMeetsTheContract(_:) with 2 test cases passed").count == 3)
        let example = try ProgramRunner.run(["swift", "run", "--jobs", "1", "ForecastsExample"], in: fixture.root)
        #expect(example.status == 0 && example.output.contains("1: First"), "\(example.output)")
        try documentTheFixture(fixture)
    }

    /// `docs` on the built fixture: docc's problems in a catalog, one line each and exit 1 with
    /// nothing written; then, fixed, a site with a page for every library module, the renamed
    /// module's catalog among them.
    private static func documentTheFixture(_ fixture: FixtureWorkspace) throws {
        let catalog = "Modules/Feature/Sources/Feature.docc/Feature.md"
        let article = "# ``Feature``\n\nThe answer.\n\n## Topics\n\n- ``Feature/answer()``\n"
        try fixture.write(catalog, article.replacingOccurrences(of: "answer()", with: "question()"))
        var out: [String] = []
        var err: [String] = []
        #expect(WorkspaceCommand.run(["docs"], root: fixture.root, out: { out.append($0) }, err: { err.append($0) }) == 1)
        #expect(err.first?.hasPrefix("\(catalog):7:13: error: 'question()' doesn't exist") == true, "\(err)")
        #expect(err.last == "workspace: docc found 1 problem (above), so no site was written.")
        let site = fixture.root.appendingPathComponent(".build/docs")
        #expect(!FileManager.default.fileExists(atPath: site.path))

        try fixture.write(catalog, article)
        err = []
        #expect(WorkspaceCommand.run(["docs"], root: fixture.root, out: { out.append($0) }, err: { err.append($0) }) == 0, "\(err)")
        #expect(out.last == "Documented 8 modules in .build/docs: serve the folder over HTTP and open /documentation/.")
        let front = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        for module in ["Favorites", "Feature", "Forecasts", "Injection", "Kernel", "SQLite", "SQLiteForecasts", "Weather"] {
            #expect(front.contains(#"<a href="documentation/\#(module.lowercased())/">\#(module)</a>"#), "\(module)")
            #expect(
                FileManager.default.fileExists(atPath: site.appendingPathComponent("documentation/\(module.lowercased())/index.html").path))
        }
        let feature = try String(contentsOf: site.appendingPathComponent("data/documentation/feature.json"), encoding: .utf8)
        #expect(feature.contains("The answer.") && feature.contains("answer()"))
        let kernel = try String(contentsOf: site.appendingPathComponent("data/documentation/kernel.json"), encoding: .utf8)
        #expect(kernel.contains("Doubling."))
        #expect(
            FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Modules/Kernel/Sources/Kernel.docc/Kernel.md").path)
        )
        // The catalogs `new` wrote link the symbols of their templates, which docc found.
        let forecasts = try String(contentsOf: site.appendingPathComponent("data/documentation/forecasts.json"), encoding: .utf8)
        #expect(forecasts.contains("BundledForecastsService"))
    }
}
