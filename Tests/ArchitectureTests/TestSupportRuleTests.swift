import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The shared test-support module: Testing and test targets may list it; product code may not.
@Suite(.onOwnThread) struct TestSupportRuleTests {
    private func fixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(of: "tools: []", with: "testSupport: \"Helpers\", tools: []"))
        try fixture.write(
            "Manifests/Modules/Helpers.swift", FixtureWorkspace.manifest("Helpers", #""Helpers", layer: .foundation, testing: nil"#)
        )
        try fixture.write("Modules/Helpers/Sources/Clock.swift", "public struct Clock {}\n")
        try fixture.write("Tests/HelpersTests/ClockTests.swift", "import Helpers\nimport Testing\n")
        try fixture.generate()
        return fixture
    }

    @Test func testsAndDoublesMayImportItWhenTheirManifestListsIt() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Core.swift",
            FixtureWorkspace.manifest("Core", #""Core", layer: .core, testing: ["Helpers"], tests: ["CoreTesting", "Helpers"]"#))
        try fixture.generate()
        try fixture.write("Modules/Core/Testing/CoreTesting.swift", "import Core\nimport Helpers\n")
        try fixture.write("Tests/CoreTests/CoreTests.swift", "import Core\nimport CoreTesting\nimport Helpers\nimport Testing\n")
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
        let package = try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(#"name: "CoreTesting",\#n            dependencies: ["Core", "Helpers"]"#))
    }

    @Test func productCodeMayNotImportIt() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.write("Modules/Core/Sources/Uses.swift", "import Helpers\n")
        #expect(
            try fixture.problems() == [
                "Modules/Core/Sources/Uses.swift:1: Core must not depend on Helpers: only Testing and test targets may"
            ])
    }
}
