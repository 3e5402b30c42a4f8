import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `move` against paths that lead out of the workspace or are named twice, and a move that fails
/// halfway: each is refused (64) or undone, and the tree is as it was.
@Suite(.onOwnThread) struct MoveSafetyTests {
    private struct Result: Sendable {
        let status: Int32
        let err: [String]
    }

    /// Runs the tool on its own thread: reading the manifests waits for the compiler.
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) async throws -> Result {
        let root = fixture.root
        return try await onOwnThread {
            var err: [String] = []
            let status = WorkspaceCommand.run(arguments, root: root, out: { _ in }, err: { err.append($0) })
            return Result(status: status, err: err)
        }
    }

    /// A fixture with a module `Wire` to move to and `Socket.swift` in Core to move.
    private func fixture() async throws -> FixtureWorkspace {
        try await onOwnThread {
            let fixture = try FixtureWorkspace()
            try fixture.module("Wire", layer: "core")
            try fixture.write("Modules/Core/Sources/Socket.swift", "public struct Socket {}\n")
            try fixture.generate()
            return fixture
        }
    }

    /// A file in the temporary folder beside the fixture, which a move must never take.
    private func victim() throws -> URL {
        let victim = FileManager.default.temporaryDirectory.appendingPathComponent("victim-\(UUID().uuidString).swift")
        try "public struct Victim {}\n".write(to: victim, atomically: true, encoding: .utf8)
        return victim
    }

    @Test func aPathLeadingOutOfTheWorkspaceIsRefusedAndNothingMoves() async throws {
        let fixture = try await fixture()
        let outside = try victim()
        defer {
            fixture.remove()
            try? FileManager.default.removeItem(at: outside)
        }
        let before = fixture.snapshot()
        let path = "Modules/Core/Sources/../../../../\(outside.lastPathComponent)"
        let result = try await run(["move", path, "--to", "Wire"], in: fixture)
        #expect(result.status == 64)
        #expect(
            result.err.count == 1 && result.err.first?.hasPrefix("workspace: \(path) is outside the workspace") == true, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: outside.path))
        #expect(fixture.changes(since: before) == [])
    }

    @Test func aSymbolicLinkOutOfTheWorkspaceIsRefusedAndNothingMoves() async throws {
        let fixture = try await fixture()
        let outside = try victim()
        defer {
            fixture.remove()
            try? FileManager.default.removeItem(at: outside)
        }
        let link = "Modules/Core/Sources/Linked.swift"
        try FileManager.default.createSymbolicLink(at: fixture.root.appendingPathComponent(link), withDestinationURL: outside)
        let before = fixture.snapshot()
        for path in [link, "Modules/Core/Sources"] {
            let result = try await run(["move", path, "--to", "Wire"], in: fixture)
            #expect(result.status == 64)
            #expect(result.err.count == 1 && result.err.first?.contains("outside the workspace") == true, "\(path): \(result.err)")
        }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "public struct Victim {}\n")
        #expect(fixture.changes(since: before) == [])
    }

    @Test func aTargetFolderLinkingOutOfTheWorkspaceIsRefused() async throws {
        let fixture = try await fixture()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        defer {
            fixture.remove()
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let sources = fixture.root.appendingPathComponent("Modules/Wire/Sources")
        try FileManager.default.moveItem(at: sources, to: outside.appendingPathComponent("Sources"))
        try FileManager.default.createSymbolicLink(at: sources, withDestinationURL: outside.appendingPathComponent("Sources"))
        let before = fixture.snapshot()
        let result = try await run(["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 64)
        #expect(
            result.err == [
                "workspace: Modules/Wire/Sources leads outside its place (to \(outside.path)/Sources); "
                    + "Modules/Wire/Sources/Socket.swift is not written through it"
            ])
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("Sources/Socket.swift").path))
        #expect(fixture.changes(since: before) == [])
    }

    @Test func aFileNamedTwiceIsRefusedBeforeAnythingMoves() async throws {
        let fixture = try await fixture()
        defer { fixture.remove() }
        let before = fixture.snapshot()
        for paths in [
            ["Modules/Core/Sources/Socket.swift", "Modules/Core/Sources/Socket.swift"],
            ["Modules/Core/Sources/Socket.swift", "Modules/Core/Sources/./Socket.swift"],
        ] {
            let result = try await run(["move"] + paths + ["--to", "Wire"], in: fixture)
            #expect(result.status == 64)
            #expect(result.err == ["workspace: Modules/Core/Sources/Socket.swift is named more than once"])
        }
        #expect(fixture.changes(since: before) == [])
    }

    /// The manifests' helper takes no `dependencies:`, so the dependency the move adds to Core does
    /// not compile: the move fails after moving and rewriting, and puts everything back, git's index too.
    @Test func aMoveThatFailsHalfwayPutsTheTreeBack() async throws {
        let fixture = try await fixture()
        defer { fixture.remove() }
        try await onOwnThread {
            try fixture.write(
                "Manifests/Helpers/Module+Fixed.swift",
                "import WorkspaceDescription\n\nextension Module {\n"
                    + "    static func fixed(_ name: String, layer: Layer) -> Module {\n"
                    + "        Module.library(name, layer: layer, tests: [name + \"Testing\"])\n    }\n}\n")
            try fixture.write(
                "Manifests/Modules/Core.swift",
                "import WorkspaceDescription\n\nextension Modules {\n    static let Core = Module.fixed(\"Core\", layer: .core)\n}\n")
            try fixture.write("Modules/Core/Sources/Lingers.swift", "public struct Lingers { let socket: Socket }\n")
            try fixture.generate()
            try fixture.write(".gitignore", ".build/\n")
            try ProgramRunner.commitAll(in: fixture.root)
        }
        let before = fixture.snapshot(skipping: [".build", ".git"])
        let result = try await run(["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 65)
        #expect(result.err.joined().contains("Manifests/Modules/Core.swift:4:"), "\(result.err)")
        #expect(fixture.changes(since: before, skipping: [".build", ".git"]) == [])
        let status = try await onOwnThread { try ProgramRunner.run(["git", "status", "--porcelain"], in: fixture.root) }
        #expect(status.output == "", "git sees the tree as committed")
    }
}
