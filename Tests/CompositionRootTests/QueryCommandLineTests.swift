import Foundation
import TestSupport
import Testing

/// `list`'s query flags: sent as Marvel's parameters and answered by the emulator, and every
/// parameter part of the page's cache key across runs (CommandsTests has the refusals).
@Suite(.onOwnThread) struct QueryCommandLineTests {
    @Test(arguments: [
        (["--name", "spider-man"], ["Spider-Man"]),
        (["--comics", "10223"], ["3-D Man"]),
        (["--series", "1945", "--modified-since", "2014-01-01"], ["3-D Man"]),
        (["--name-starts-with", "cap", "--order-by", "-name"], ["Captain Marvel (Carol Danvers)", "Captain America"]),
    ])
    func filtersAndOrderReachTheEmulator(_ flags: [String], _ names: [String]) async throws {
        let run = try await ProgramRun(["list", "--format", "json"] + flags)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((page["results"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == names)
        #expect(page["total"] as? Int == names.count)
    }

    @Test func theSameQueryIsAHitAndAnotherIsNot() async throws {
        let directory = try TemporaryFixtures([:])
        defer { directory.remove() }
        let options = ["--cache", "disk", "--cache-dir", directory.url.path, "--stats"]
        let query = ["list", "--comics", "10223", "--order-by", "-modified"]
        let first = try await ProgramRun(query + options)
        let again = try await ProgramRun(query + options)
        let other = try await ProgramRun(["list", "--comics", "10223", "--order-by", "modified"] + options)
        #expect([first, again, other].map(\.status) == [0, 0, 0])
        #expect(first.stdout.contains("repository: provider calls 1, cache hits 0"))
        #expect(again.stdout.contains("repository: provider calls 0, cache hits 1"))
        #expect(other.stdout.contains("repository: provider calls 1, cache hits 0"))
    }
}
