import Foundation
import TestSupport
import Testing

/// The built program, run as a user runs it.
@Suite(.onOwnThread) struct CommandLineTests {
    @Test func defaultRunListsTheFirstTwentyCharactersThenStatistics() async throws {
        let run = try await ProgramRun([])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdoutLines
        #expect(lines.first == "     ID  NAME                          DESCRIPTION")
        #expect(lines.count == 23)
        #expect(lines[1].hasPrefix("1011334  3-D Man "))
        #expect(lines[21] == "Showing 20 of 45 characters from offset 0.")
        #expect(lines[22] == "cache (memory): hits 0, misses 1, stored 21; provider calls 1")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func showPrintsOneCharacter() async throws {
        let run = try await ProgramRun(["show", "1011334"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.first == "3-D Man (1011334)")
        #expect(run.stdoutLines.contains("Comics      11"))
        #expect(run.stdoutLines.last == "cache (memory): hits 0, misses 1, stored 1; provider calls 1")
    }

    @Test func objectGraphShowsWhatTheContainerBuilds() async throws {
        let run = try await ProgramRun(["graph", "--objects"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.contains("CharacterRepository (single, async) → AppConfiguration, CharacterProviding, Caching"))
        let mermaid = try await ProgramRun(["graph", "--objects", "--format", "mermaid"])
        #expect(mermaid.stdout.hasPrefix("graph TD\n"))
        #expect(mermaid.stdout.contains("CharacterRepository --> CharacterProviding"))
    }

    @Test func versionPrintsOneLine() async throws {
        let run = try await ProgramRun(["--version"])
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["Excelsior CompositionRoot 0.2.0"])
    }

    @Test func fixtureDirectoryReplacesTheBundledSet() async throws {
        let directory = try TemporaryFixtures([
            "one.json": #"{"data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":5,"name":"Only One"}]}}"#
        ])
        defer { directory.remove() }
        let run = try await ProgramRun(["--fixtures", directory.url.path])
        #expect(run.status == 0)
        #expect(run.stdoutLines[1] == " 5  Only One  —")
        #expect(run.stdout.contains("Showing 1 of 1 characters from offset 0."))
    }
}

/// A temporary fixture directory with the given files.
struct TemporaryFixtures {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
