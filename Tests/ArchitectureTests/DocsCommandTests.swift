import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// What `docs` refuses before it builds anything. FixtureBuildTests builds a fixture's site.
@Suite(.onOwnThread) struct DocsCommandTests {
    @Test func aFolderThatIsNotASiteItWroteIsNeverReplaced() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("notes/todo.txt", "keep me")
        var err: [String] = []
        let status = WorkspaceCommand.run(["docs", "--output", "notes"], root: fixture.root, out: { _ in }, err: { err.append($0) })
        #expect(status == 64)
        let notes = fixture.root.appendingPathComponent("notes").path
        #expect(err == ["workspace: notes exists and is not a site 'workspace docs' wrote; remove it or give --output another folder"])
        #expect(try String(contentsOfFile: notes + "/todo.txt", encoding: .utf8) == "keep me")
    }

    /// The tool's scratch folder would be deleted with the site in it: refused before building.
    @Test(arguments: [
        (".build/workspace-docs", "is .build/workspace-docs"), (".build/workspace-docs/site", "is inside .build/workspace-docs"),
        (".build/workspace-manifests/x", "is inside .build/workspace-manifests"),
    ])
    func anOutputInTheToolsOwnFoldersIsRefused(output: String, saying: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(
            ["docs", "--output", output], root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        #expect(status == 64)
        #expect(
            err == [
                "workspace: \(output) \(saying), which the tool keeps for itself; give --output another folder, such as .build/docs"
            ])
        #expect(out == [], "nothing was built")
    }

    @Test func anEmptyOutputIsRefusedAsAnyEmptyPathIs() {
        var err: [String] = []
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-workspace-here")
        #expect(WorkspaceCommand.run(["docs", "--output", ""], root: root, out: { _ in }, err: { err.append($0) }) == 64)
        #expect(err.count == 1)
    }
}
