import Foundation
import Testing
import WorkspaceKit

/// A scaffolded module builds and passes its first test at once, in a real SwiftPM build.
@Suite struct ScaffoldBuildTests {
    @Test(.timeLimit(.minutes(10)))
    func scaffoldedModuleBuildsAndPassesItsTests() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        var errors: [String] = []
        let status = WorkspaceCommand.run(
            ["new", "Favorites", "--dependencies", "Core"], root: fixture.root, out: { _ in }, err: { errors.append($0) })
        #expect(status == 0, "\(errors)")

        let test = try ProgramRunner.run(["swift", "test", "--filter", "FavoritesTests"], in: fixture.root)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("moduleMatchesItsManifest() passed"))
        #expect(try fixture.problems() == [])
    }
}
