import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `affected` and `test` end to end on a fixture under git, with `swift` recorded, not run.
@Suite(.onOwnThread) struct SelectiveTestCommandTests {
    private struct Run {
        var status: Int32 = 0
        var out: [String] = []
        var err: [String] = []
        var swiftCalls: [[String]] = []
    }

    private func run(_ arguments: [String], in fixture: FixtureWorkspace, swiftStatus: Int32 = 0, failing: Set<String> = []) -> Run {
        var result = Run()
        result.status = WorkspaceCommand.run(
            arguments, root: fixture.root, out: { result.out.append($0) }, err: { result.err.append($0) },
            swift: { arguments in
                result.swiftCalls.append(arguments)
                return failing.contains { arguments.contains("^\($0)\\.") } ? 1 : swiftStatus
            })
        return result
    }

    /// The `swift` calls `test --changed` makes to build once and run `targets` one at a time.
    private func oneByOne(_ targets: [String], then passed: [String] = []) -> [[String]] {
        [["build", "--build-tests"]] + targets.map { ["test", "--skip-build", "--filter", "^\($0)\\."] + passed }
    }

    private func committedFixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write(".gitignore", ".build/\n")
        try ProgramRunner.commitAll(in: fixture.root)
        return fixture
    }

    @Test func affectedCountsUncommittedAndUntrackedFiles() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        #expect(run(["affected"], in: fixture).out == [])
        try fixture.write("Modules/Feature/Sources/Feature.swift", "import Core\npublic enum Feature { case one }\n")
        try fixture.write("Tests/InjectionTests/More.swift", "import Testing\n")
        #expect(run(["affected"], in: fixture).out == ["App\nFeature\nFeatureTesting\nFeatureTests\nInjectionTests"])
        #expect(
            run(["affected", "--format", "json"], in: fixture).out == [
                """
                {"base":"HEAD","changedFiles":["Modules/Feature/Sources/Feature.swift","Tests/InjectionTests/More.swift"],\
                "modules":["App","Feature","FeatureTesting"],"testTargets":["FeatureTests","InjectionTests"]}
                """
            ])
    }

    @Test func affectedSinceAnOlderBaseCountsCommits() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        try fixture.write("Modules/Injection/Sources/Injection.swift", "public enum Injection { case one }\n")
        try ProgramRunner.commitAll(in: fixture.root)
        #expect(run(["affected"], in: fixture).out == [])
        #expect(run(["affected", "--base", "HEAD~1"], in: fixture).out == ["App\nInjection\nInjectionTesting\nInjectionTests"])
    }

    @Test(arguments: [
        (["affected", "--base", "nope"], "workspace: --base 'nope' is not a commit git knows"),
        (["affected", "--format", "yaml"], "workspace: --format must be one of text, json, got 'yaml'."),
        (["affected", "--since"], "workspace: Unknown flag '--since' for affected."),
        (["affected", "--base"], "workspace: --base needs a value."),
        (["test", "--changed", "--base", "HEAD"], "workspace: test takes --base REF or --changed, not both."),
        (["test", "--changed", "--changed"], "workspace: --changed was given more than once."),
        (["test", "CoreTests"], "workspace: Unexpected argument 'CoreTests' for test."),
    ])
    func badOptionsAreRefusedWithOneLine(arguments: [String], message: String) throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
        #expect(result.swiftCalls == [])
    }

    @Test func outsideGitAffectedExits74() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(["affected"], in: fixture)
        #expect(result.status == 74)
        #expect(result.err == ["workspace: \(fixture.root.path) is not in a git work tree"])
    }

    @Test func testRunsOnlyTheAffectedTargetsAndSaysWhatItSkipped() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        let nothing = run(["test"], in: fixture)
        #expect(nothing.out == ["No test target is affected (nothing they test changed since HEAD): running nothing."])
        #expect(nothing.swiftCalls == [])

        try fixture.write("Modules/Feature/Sources/Feature.swift", "import Core\npublic enum Feature { case one }\n")
        let some = run(["test", "--", "--parallel"], in: fixture)
        #expect(some.status == 0)
        #expect(
            some.out == [
                "Skipping 2 test targets, nothing they test changed since HEAD: CoreTests, InjectionTests.", "Running FeatureTests.",
            ])
        #expect(some.swiftCalls == [["test", "--filter", "^FeatureTests\\.", "--parallel"]])
        #expect(run(["test"], in: fixture, swiftStatus: 1).status == 1)
    }

    @Test func testChangedRunsWhatChangedSinceTheLastGreenRun() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let all = oneByOne(["CoreTests", "FeatureTests", "InjectionTests"])
        let first = run(["test", "--changed"], in: fixture, swiftStatus: 1)
        #expect(first.swiftCalls == [["build", "--build-tests"]], "a failed build runs and records nothing")
        #expect(
            first.out.first?.hasPrefix(
                "No record of a green run yet (.build/workspace-test-hashes): running all 3 test targets, one at a time.") == true)
        #expect(run(["test", "--changed", "--", "--filter", "twice"], in: fixture).swiftCalls.count == 4)
        #expect(run(["test", "--changed"], in: fixture).swiftCalls == all, "a narrowed run records nothing")
        let green = run(["test", "--changed"], in: fixture)
        #expect(green.swiftCalls == [])
        #expect(green.out == ["No test target is affected (their inputs are unchanged since their last green run): running nothing."])

        try fixture.write("Modules/Core/Sources/Core.swift", "public enum Core { case one }\n")
        #expect(run(["test", "--changed"], in: fixture).swiftCalls == oneByOne(["CoreTests", "FeatureTests"]))
        try fixture.write(
            "Manifests/Modules/Injection.swift",
            FixtureWorkspace.manifest("Injection", #""Injection", layer: .foundation, tests: ["InjectionTesting"]"#))
        #expect(run(["test", "--changed"], in: fixture).swiftCalls == all, "a manifest change changes every hash")
        #expect(run(["test", "--changed"], in: fixture).swiftCalls == [])
    }

    @Test func aRedRunRecordsEveryTargetThatPassed() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let red = run(["test", "--changed"], in: fixture, failing: ["FeatureTests"])
        #expect(red.status == 1)
        #expect(red.swiftCalls == oneByOne(["CoreTests", "FeatureTests", "InjectionTests"]))
        #expect(red.out.last == "Failed, not recorded: FeatureTests.")
        let again = run(["test", "--changed", "--explain"], in: fixture)
        #expect(again.swiftCalls == oneByOne(["FeatureTests"]), "the targets that passed were recorded")
        #expect(again.out.contains("FeatureTests: no record of a green run"))
    }

    @Test func explainNamesTheInputsWhoseHashChanged() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        #expect(run(["test", "--changed"], in: fixture).status == 0)
        try fixture.write("Modules/Core/Sources/Core.swift", "public enum Core { case two }\n")
        try fixture.write("Modules/Core/Sources/New.swift", "enum New {}\n")
        let explained = run(["test", "--changed", "--explain"], in: fixture)
        #expect(explained.out.contains("CoreTests: Modules/Core/Sources/Core.swift, Modules/Core/Sources/New.swift changed"))
        #expect(explained.out.contains("FeatureTests: Modules/Core/Sources/Core.swift, Modules/Core/Sources/New.swift changed"))
        #expect(!explained.out.contains { $0.hasPrefix("InjectionTests:") })
        try fixture.write("Manifests/Workspace.swift", FixtureWorkspace.rules + "\n")
        let manifest = run(["test", "--changed", "--explain"], in: fixture)
        #expect(manifest.out.contains("InjectionTests: Manifests/Workspace.swift changed"))
    }

    @Test func aDeclaredReadSelectsTheTestTarget() throws {
        let fixture = try committedFixture()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Core.swift",
            FixtureWorkspace.manifest("Core", #""Core", layer: .core, testsReads: ["docs/fixtures"]"#))
        try fixture.generate()
        try ProgramRunner.commitAll(in: fixture.root)
        try fixture.write("docs/fixtures/one.json", "{}\n")
        #expect(run(["affected"], in: fixture).out == ["CoreTests"])
        #expect(run(["test"], in: fixture).swiftCalls == [["test", "--filter", "^CoreTests\\."]])
        #expect(run(["test", "--changed"], in: fixture).status == 0)
        try fixture.write("docs/fixtures/one.json", "[]\n")
        #expect(run(["test", "--changed", "--explain"], in: fixture).out.contains("CoreTests: docs/fixtures/one.json changed"))
    }
}
