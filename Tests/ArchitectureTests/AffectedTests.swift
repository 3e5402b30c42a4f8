import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// Which targets a change selects: the pure selection on the fixture's graph and on 300 modules.
@Suite(.onOwnThread) struct AffectedTests {
    private func affected(_ files: [String], packageIsGenerated: Bool = true) throws -> AffectedTargets {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let graph = TargetGraph(try ManifestLoader.load(root: fixture.root))
        return AffectedTargets(changedFiles: files, graph: graph, packageIsGenerated: packageIsGenerated)
    }

    @Test func aSourceChangeSelectsItsModuleAndEverythingThatDependsOnIt() throws {
        let result = try affected(["Modules/Core/Sources/Core.swift"])
        #expect(result.modules == ["App", "Core", "CoreTesting", "Feature", "FeatureTesting"])
        #expect(result.testTargets == ["CoreTests", "FeatureTests"])
    }

    /// FeatureTests imports Core's module but not its doubles, so their change leaves it out.
    @Test func aTestingChangeSelectsOnlyTheTestsThatImportTheDoubles() throws {
        let result = try affected(["Modules/Core/Testing/CoreTesting.swift"])
        #expect(result.modules == ["CoreTesting"])
        #expect(result.testTargets == ["CoreTests"])
    }

    @Test func aTestChangeSelectsOnlyThatTestTarget() throws {
        let result = try affected(["Tests/FeatureTests/FeatureTests.swift"])
        #expect(result.modules == [])
        #expect(result.testTargets == ["FeatureTests"])
    }

    @Test func aModuleManifestAffectsWhatItDeclares() throws {
        let result = try affected(["Manifests/Modules/Feature.swift"])
        #expect(result.modules == ["App", "Feature", "FeatureTesting"])
        #expect(result.testTargets == ["FeatureTests"])
    }

    @Test func theWorkspaceManifestAHelperOrAHandEditedPackageAffectsEverything() throws {
        let all = ["App", "Core", "CoreTesting", "Feature", "FeatureTesting", "Injection", "InjectionTesting"]
        #expect(try affected(["Manifests/Workspace.swift"]).modules == all)
        #expect(try affected(["Manifests/Helpers/Module+Feature.swift"]).modules == all)
        #expect(try affected(["Package.swift"], packageIsGenerated: false).modules == all)
        #expect(try affected(["Package.swift"], packageIsGenerated: false).testTargets == ["CoreTests", "FeatureTests", "InjectionTests"])
    }

    @Test func aGeneratedPackageOrAFileOutsideEveryTargetAffectsNothing() throws {
        let result = try affected(["Package.swift", "README.md", "docs/WORKSPACE.md", "Modules/Core/notes.txt"])
        #expect(result.modules == [])
        #expect(result.testTargets == [])
        #expect(result.text == "")
    }

    @Test func jsonNamesTheBaseTheFilesAndTheTargetsSorted() throws {
        let result = try affected(["Tests/FeatureTests/FeatureTests.swift", "Modules/Injection/Sources/Injection.swift"])
        #expect(
            result.json(base: "main") == """
                {"base":"main","changedFiles":["Modules/Injection/Sources/Injection.swift","Tests/FeatureTests/FeatureTests.swift"],\
                "modules":["App","Injection","InjectionTesting"],"testTargets":["FeatureTests","InjectionTests"]}
                """)
    }

    /// The benchmark's 300-module shape: one layer, each module importing the previous two.
    @Test func onThreeHundredModulesALeafSelectsOnlyItselfAndAMiddleModuleItsDependents() {
        let modules = (0..<300).map { index in
            Module(
                name: "Module\(index)", layer: "core", directory: "Modules/Module\(index)",
                sourcesDirectory: "Modules/Module\(index)/Sources", dependencies: (max(0, index - 2)..<index).map { "Module\($0)" },
                testing: Module.Target(
                    name: "Module\(index)Testing", path: "Modules/Module\(index)/Testing", dependencies: ["Module\(index)"]),
                tests: Module.Target(
                    name: "Module\(index)Tests", path: "Tests/Module\(index)Tests",
                    dependencies: ["Module\(index)", "Module\(index)Testing"]),
                manifest: "Manifests/Modules/Module\(index).swift")
        }
        let workspace = Workspace(
            name: "Bench", macOS: "15", layers: [], injection: "Injection", mayImportInjection: [], tools: [], moduleGraphFile: nil,
            modules: modules)
        let graph = TargetGraph(workspace)
        let leaf = AffectedTargets(changedFiles: ["Modules/Module299/Sources/File0.swift"], graph: graph, packageIsGenerated: true)
        #expect(leaf.modules == ["Module299", "Module299Testing"])
        #expect(leaf.testTargets == ["Module299Tests"])
        let middle = AffectedTargets(changedFiles: ["Modules/Module296/Sources/File0.swift"], graph: graph, packageIsGenerated: true)
        #expect(middle.testTargets == ["Module296Tests", "Module297Tests", "Module298Tests", "Module299Tests"])
    }
}
