import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The shared test-support module: every Testing and test target gets it; product code may not.
@Suite(.onOwnThread) struct TestSupportRuleTests {
    private func fixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(of: "tools: []", with: "testSupport: \"Helpers\", tools: []"))
        try fixture.write(
            "Manifests/Modules/Helpers.swift", FixtureWorkspace.manifest("Helpers", #"name: "Helpers", layer: .foundation, testing: false"#)
        )
        try fixture.write("Modules/Helpers/Sources/Clock.swift", "public struct Clock {}\n")
        try fixture.write("Tests/HelpersTests/ClockTests.swift", "import Helpers\nimport Testing\n")
        try fixture.generate()
        return fixture
    }

    @Test func testsAndDoublesMayImportItAndPackageSwiftGivesItToThem() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.write("Modules/Core/Testing/CoreTesting.swift", "import Core\nimport Helpers\n")
        try fixture.write("Tests/CoreTests/CoreTests.swift", "import Core\nimport CoreTesting\nimport Helpers\nimport Testing\n")
        #expect(try fixture.problems() == [])
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
