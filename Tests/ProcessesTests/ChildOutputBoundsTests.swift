import Foundation
import Processes
import Testing

/// What a child writes costs bounded memory and time: its head and tail are kept, the rest is
/// read and counted, and a time-out holds however fast it writes; a child's own end decides a
/// bounded run, even when a process it left holds its output open.
@Suite struct ChildOutputBoundsTests {
    @Test(.timeLimit(.minutes(3))) func aFloodKeepsItsHeadAndTailAndCountsTheRest() async throws {
        let result = try await ChildProcess.run(["sh", "-c", "printf START; head -c 60000000 /dev/zero; printf END"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.count == ChildProcess.keptBytes)
        #expect(result.standardOutputDropped == 60_000_008 - ChildProcess.keptBytes)
        #expect(Array(result.standardOutput.prefix(5)) == Array("START".utf8))
        #expect(Array(result.standardOutput.suffix(3)) == Array("END".utf8))
        #expect(result.standardErrorDropped == 0)
    }

    /// `yes` fills the pipe faster than it is read: the deadline is still checked.
    @Test(.timeLimit(.minutes(3))) func aTimeOutHoldsWhileOutputFloods() async throws {
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(["yes", "flood"], timeout: .seconds(1))
        #expect(result.termination == .timedOut)
        #expect(result.standardOutput.count <= ChildProcess.keptBytes)
        // The time-out plus the drain after the kill (2 s), with room for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(90))
    }

    /// A grandchild in a session of its own that ignores SIGTERM keeps the output pipe open; the
    /// child has ended and written all it had to, so the run ends with it, not at the time-out.
    @Test(.timeLimit(.minutes(3))) func aChildsOwnEndDecidesABoundedRun() async throws {
        let marker = "299.\(Int.random(in: 100_000...999_999))"
        defer {
            for pid in ProcessTable.naming(marker) { kill(pid, SIGKILL) }
        }
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            ["sh", "-c", "setsid sh -c \"trap '' TERM; sleep \(marker)\" & echo written"], timeout: .seconds(120))
        #expect(result.termination == .exited(0))
        #expect(result.outputText == "written\n")
        // The drain after the child's end is 2 s; the time-out 120 s.
        #expect(ContinuousClock.now - started < .seconds(90))
    }
}
