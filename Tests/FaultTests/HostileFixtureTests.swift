import FaultTestSupport
import Foundation
import TestSupport
import Testing

/// Fixture files written to mislead: a duplicate key that two readers would read two ways,
/// names that carry terminal escapes. Each runs the real program.
@Suite(.onOwnThread) struct HostileFixtureTests {
    private func fixtures(_ json: String) throws -> ScratchDirectory {
        let directory = try ScratchDirectory(prefix: "excelsior-faults")
        try Data(json.utf8).write(to: directory.url.appendingPathComponent("characters.json"))
        return directory
    }

    @Test func aDuplicateKeyIsRejectedNamingTheFileAndTheKey() async throws {
        let directory = try fixtures(
            #"{"code":200,"data":{"results":[{"id":111,"name":"Decoy"},{"id":222,"name":"Target","id":111}]}}"#)
        defer { directory.remove() }
        let run = try await LimitedRun.run(["show", "222", "--fixtures", directory.url.path])
        #expect(run.status == 65, "\(run.ending): \(run.stdout) \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("characters.json"), "\(run.stderr)")
        #expect(run.stderr.contains("data.results[1] has the key 'id' twice"), "\(run.stderr)")
    }

    @Test func escapesInNamesAndDescriptionsNeverReachTheTerminal() async throws {
        let directory = try fixtures(
            #"{"code":200,"data":{"results":[{"id":1,"name":"\u001b]0;pwned\u0007Evil","description":"\u001b[31mred\u001b[0m \u009b2J"}]}}"#
        )
        defer { directory.remove() }
        for arguments in [["show", "1"], ["list"]] {
            let run = try await LimitedRun.run(arguments + ["--fixtures", directory.url.path])
            #expect(run.status == 0, "\(run.ending): \(run.stderr)")
            #expect(run.stdout.contains("Evil"))
            #expect(!run.stdout.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
    }
}
