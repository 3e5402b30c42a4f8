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

        let test = try swift(["test", "--filter", "FavoritesTests"], in: fixture.root)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("moduleMatchesItsManifest() passed"))
        #expect(try fixture.problems() == [])
    }

    private func swift(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
