import FaultTestSupport
import Foundation
import TestSupport
import Testing

/// Output that cannot be written (a full disk, a closed descriptor) ends the program with one
/// line and exit 74, never a crash or a backtrace; a reader that went away ends it quietly.
@Suite(.onOwnThread) struct OutputFailureTests {
    @Test(arguments: [LimitedRun.Output.full, .closed])
    func aFailedWriteToStandardOutputExits74WithOneLine(_ output: LimitedRun.Output) async throws {
        let run = try await LimitedRun.run(["list"], stdout: output)
        #expect(run.status == 74, "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("CompositionRoot: cannot write to standard output: "))
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrace"))
    }

    @Test func aReaderThatWentAwayEndsTheProgramQuietly() async throws {
        let run = try await LimitedRun.run(["list"], stdout: .readerGone)
        #expect(run.status == 74, "\(run.ending): \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
