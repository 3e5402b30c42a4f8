import Foundation
import Testing
import WorkspaceKit

/// Scaffolded modules, of both templates, build and pass their first tests at once, in a real
/// SwiftPM build.
@Suite struct ScaffoldBuildTests {
    @Test(.timeLimit(.minutes(10)))
    func scaffoldedModuleBuildsAndPassesItsTests() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        var errors: [String] = []
        for arguments in [["new", "Favorites", "--dependencies", "Core"], ["new", "Weather", "--template", "service"]] {
            let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { _ in }, err: { errors.append($0) })
            #expect(status == 0, "\(errors)")
        }

        let test = try ProgramRunner.run(["swift", "test", "--filter", "FavoritesTests", "--filter", "WeatherTests"], in: fixture.root)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("valuesWithTheSameTextAreEqual() passed"))
        #expect(test.output.contains("liveServiceMeetsTheSpec(_:) with 2 test cases passed"))
        #expect(test.output.contains("stubMeetsTheSpec(_:) with 2 test cases passed"))
        #expect(try fixture.problems() == [])
    }
}
