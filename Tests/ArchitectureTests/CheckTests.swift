import Foundation
import TestSupport
import Testing
import WorkspaceKit

@Suite(.onOwnThread) struct CheckTests {
    @Test func aCleanFixtureHasNoProblems() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let problems = try fixture.problems()
        #expect(problems == [])
    }

    @Test func transitiveImportIsAnImplicitDependency() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Screen", layer: "app", dependencies: ["Feature"])
        try fixture.write("Modules/Screen/Sources/Uses.swift", "// import Injection\nlet text = \"import App\"\n@testable import Core\n")
        try fixture.generate()
        let problems = try fixture.problems()
        #expect(problems == ["Modules/Screen/Sources/Uses.swift:3: Screen implicitly depends on: Core"])
    }

    @Test(arguments: ["@_exported import Core", "import struct Core.Core", "public import Core", "#if canImport(Core)\n#endif"])
    func everyImportFormIsSeen(line: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Screen", layer: "app", dependencies: ["Feature"])
        try fixture.write("Modules/Screen/Sources/Uses.swift", "\n" + line + "\n")
        try fixture.generate()
        let problems = try fixture.problems()
        #expect(problems == ["Modules/Screen/Sources/Uses.swift:2: Screen implicitly depends on: Core"])
    }

    @Test func forbiddenEdgeNamesBothLayers() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Core", layer: "core", dependencies: ["Feature"])
        try fixture.generate()
        let problems = try fixture.problems()
        #expect(
            problems.contains("Manifests/Modules/Core.swift: Core (core) must not depend on Feature (feature): core may depend on no layer")
        )
        #expect(problems.contains("Dependency cycle: Core → Feature → Core"))
    }

    @Test func cycleIsReportedWithItsPath() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.module("Left", layer: "core", dependencies: ["Right"])
        try fixture.module("Right", layer: "core", dependencies: ["Left"])
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(
                of: "LayerRule(.core, mayDependOn: [])", with: "LayerRule(.core, mayDependOn: [.core])"))
        try fixture.generate()
        let problems = try fixture.problems()
        #expect(problems == ["Dependency cycle: Left → Right → Left"])
    }

    @Test func onlyTheCompositionRootMayImportInjection() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Modules/Feature/Sources/Wiring.swift", "import Injection\n")
        let problems = try fixture.problems()
        #expect(problems == ["Modules/Feature/Sources/Wiring.swift:1: Feature must not import Injection: only App may"])
    }

    @Test func declaredButUnusedDependencyIsReported() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Modules/Feature/Sources/Feature.swift", "public enum Feature {}\n")
        let problems = try fixture.problems()
        #expect(problems == ["Manifests/Modules/Feature.swift: Feature declares a dependency it never imports: Core"])
    }

    @Test func stalePackageSwiftIsReported() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Extra.swift",
            FixtureWorkspace.manifest("Extra", #""Extra", layer: .core, testing: nil, tests: nil"#))
        try fixture.write("Modules/Extra/Sources/Extra.swift", "public enum Extra {}\n")
        let problems = try fixture.problems()
        #expect(problems == ["Package.swift: Package.swift is out of date with Manifests/: run 'swift run workspace generate'"])
    }

    @Test func testsMayUseOnlyWhatTheirManifestLists() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Tests/FeatureTests/Extra.swift", "import CoreTesting\nimport Injection\nimport App\n")
        let problems = try fixture.problems()
        #expect(
            problems == [
                "Tests/FeatureTests/Extra.swift:1: FeatureTests implicitly depends on: CoreTesting",
                "Tests/FeatureTests/Extra.swift:2: FeatureTests must not import Injection: only App may",
                "Tests/FeatureTests/Extra.swift:3: FeatureTests implicitly depends on: App",
            ])
    }

    @Test func aTestingTargetATestTargetNeverImportsIsReported() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Feature.swift",
            FixtureWorkspace.manifest(
                "Feature", #""Feature", layer: .feature, dependencies: ["Core"], tests: ["CoreTesting", "FeatureTesting"]"#))
        try fixture.generate()
        #expect(
            try fixture.problems() == ["Manifests/Modules/Feature.swift: FeatureTests declares a dependency it never imports: CoreTesting"])
        let package = try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            package.contains(#"dependencies: ["Feature", "CoreTesting", "FeatureTesting"]"#), "the generator writes what the manifest lists"
        )
    }

    @Test func anImportAcrossTheLayerRuleNamesTheFileAndLine() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Modules/Core/Sources/Reach.swift", "import Foundation\n\nimport Feature\n")
        #expect(
            try fixture.problems() == [
                "Modules/Core/Sources/Reach.swift:3: Core (core) must not depend on Feature (feature): core may depend on no layer"
            ])
    }
}

@Suite(.onOwnThread) struct MissingFolderTests {
    @Test func manifestPromisingAFolderThatIsNotThereIsReported() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Tests/CoreTests"))
        #expect(
            try fixture.problems() == [
                "Manifests/Modules/Core.swift: Core has no folder Tests/CoreTests; create it or change the manifest"
            ],
            "\((try? fixture.problems()) ?? [])")
    }
}

/// A workspace that requires catalogs (`requiresCatalogs: true`) reports a library module without one.
@Suite(.onOwnThread) struct CatalogRuleTests {
    @Test func aModuleWithoutACatalogIsReportedWhereTheRulesRequireOne() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(of: "tools: []", with: "requiresCatalogs: true, tools: []"))
        for module in ["Core", "Injection"] {
            try fixture.write("Modules/\(module)/Sources/\(module).docc/\(module).md", "# ``\(module)``\n")
        }
        #expect(
            try fixture.problems() == [
                "Manifests/Modules/Feature.swift: Feature has no DocC catalog: add Modules/Feature/Sources/Feature.docc/Feature.md"
            ], "\((try? fixture.problems()) ?? [])")
        try fixture.write("Modules/Feature/Sources/Feature.docc/Feature.md", "# ``Feature``\n")
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }
}
