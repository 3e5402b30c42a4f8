import Foundation
import Processes
import Testing

@Suite struct ChildProcessTests {
    @Test func capturesOutputErrorAndStatus() async throws {
        let result = try await ChildProcess.run(["sh", "-c", "printf out; printf err >&2; exit 3"])
        #expect(result.termination == .exited(3))
        #expect(result.status == 3)
        #expect(result.outputText == "out")
        #expect(result.errorText == "err")
    }

    /// Two megabytes on standard error before anything on standard output: read one after the
    /// other, the child would stall on a full pipe and the run would never end.
    @Test func readsBothPipesAtOnce() async throws {
        let script = "head -c 2097152 /dev/zero >&2; head -c 1048576 /dev/zero; printf done"
        let result = try await ChildProcess.run(["sh", "-c", script], timeout: .seconds(60))
        #expect(result.termination == .exited(0))
        #expect(result.standardError.count == 2_097_152)
        #expect(result.standardOutput.count == 1_048_576 + 4)
    }

    @Test func mergesErrorsIntoOutputWhenAsked() async throws {
        let result = try await ChildProcess.run(["sh", "-c", "printf a; printf b >&2; printf c"], mergingErrors: true)
        #expect(result.outputText == "abc")
        #expect(result.standardError.isEmpty)
    }

    @Test func reportsTheSignalThatEndedTheChild() async throws {
        let result = try await ChildProcess.run(["sh", "-c", "kill -TERM $$"])
        #expect(result.termination == .signalled(SIGTERM))
        #expect(result.status == nil)
    }

    @Test func feedsItsInputAndRunsInTheDirectoryAndEnvironmentGiven() async throws {
        let input = Array((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let echoed = try await ChildProcess.run(["cat"], input: input)
        #expect(echoed.standardOutput == input)

        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        let result = try await ChildProcess.run(
            ["sh", "-c", "pwd; printf %s \"$GREETING\""], in: directory, environment: ["GREETING": "hé llo", "PATH": "/usr/bin:/bin"])
        #expect(result.outputText == "\(directory)\nhé llo")
    }

    @Test func aProgramThatCannotStartIsAnErrorNamingIt() async throws {
        let error = await #expect(throws: ChildProcessError.self) {
            try await ChildProcess.run(["no-such-program-excelsior"])
        }
        #expect(error?.description.hasPrefix("cannot run no-such-program-excelsior: ") == true)
        let missingDirectory = await #expect(throws: ChildProcessError.self) {
            try await ChildProcess.run(["true"], in: "/no/such/directory/excelsior")
        }
        #expect(missingDirectory != nil)
    }

    /// The child and a grandchild it leaves in the background both outlive the time-out: the
    /// run ends soon after it, and the whole group is gone.
    @Test func aTimeOutKillsTheWholeGroup() async throws {
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            ["sh", "-c", "sleep 300 & echo $!; while :; do :; done"], timeout: .milliseconds(500))
        let took = ContinuousClock.now - started
        #expect(result.termination == .timedOut)
        #expect(took >= .milliseconds(500))
        // The bound is the time-out plus the drain after the kill (2 s), with room for a machine
        // whose every core is busy (21 s was seen); without the kill the run takes 300 s.
        #expect(took < .seconds(90))
        let grandchild = try #require(Int32(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProcessTable.ends(grandchild, within: .seconds(10)))
    }

    @Test func aChildThatEndsBeforeItsTimeOutIsNotKilled() async throws {
        let result = try await ChildProcess.run(["sh", "-c", "exit 0"], timeout: .seconds(30))
        #expect(result.termination == .exited(0))
    }
}
