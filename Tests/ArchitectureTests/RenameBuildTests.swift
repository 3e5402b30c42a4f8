import Foundation
import Testing
import WorkspaceKit

/// A renamed module still builds and passes its tests, in a real SwiftPM build of a small
/// workspace whose modules have code, doubles, tests and an app that imports them.
@Suite struct RenameBuildTests {
    @Test(.timeLimit(.minutes(10)))
    func renamedWorkspaceBuildsAndPassesItsTests() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Modules/Core/Sources/Core.swift", "public enum Core {\n    public static func twice(_ value: Int) -> Int { value * 2 }\n}\n")
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
            "import CoreTesting\nimport Feature\nimport FeatureTesting\nimport Testing\n\n@Test func answer() {\n    #expect(Feature.answer() == CoreFixtures.value * 2)\n}\n"
        )
        try fixture.write("App/App/main.swift", "import Core\nimport Feature\nimport Injection\n\nprint(Feature.answer(), Core.twice(1))\n")

        var errors: [String] = []
        let status = WorkspaceCommand.run(["rename", "Core", "Kernel"], root: fixture.root, out: { _ in }, err: { errors.append($0) })
        #expect(status == 0, "\(errors)")
        #expect(try fixture.problems() == [])

        let build = try ProgramRunner.run(["swift", "build", "--build-tests"], in: fixture.root)
        #expect(build.status == 0, "\(build.output)")
        let test = try ProgramRunner.run(["swift", "test", "--skip-build"], in: fixture.root)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("Test twice() passed"))
        #expect(test.output.contains("Test answer() passed"))
    }
}
