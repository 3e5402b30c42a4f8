import Foundation
import TestSupport
import Testing

/// Small hostile inputs (huge ids, impossible dates, repeated options, help), through the real program.
@Suite(.onOwnThread) struct SmallHostileInputTests {
    static let usageHint = " Run 'CompositionRoot --help' for usage."

    @Test func aHugeIdIsRepeatedCutNotWhole() async throws {
        let digits = String(repeating: "9", count: 100_000)
        let run = try await ProgramRun(["show", "x" + digits])
        #expect(run.status == 64)
        #expect(run.stderr.utf8.count < 300, "an error line of \(run.stderr.utf8.count) bytes")
        #expect(
            run.stderrLines == [
                "CompositionRoot: show needs a positive whole-number character id, got 'x\(digits.prefix(59))… (100001 characters)'."
                    + Self.usageHint
            ])
    }

    @Test func anImpossibleDateIsRefusedNotMovedToTheNextMonth() async throws {
        let run = try await ProgramRun(["list", "--modified-since", "2014-02-30"])
        #expect(run.status == 64)
        #expect(run.stderrLines == ["CompositionRoot: Invalid request: 2014-02-30 is not a valid date for modifiedSince."])
        let leap = try await ProgramRun(["list", "--modified-since", "2016-02-29", "--limit", "1"])
        #expect(leap.status == 0, "\(leap.stderr)")
    }

    @Test func anOptionGivenTwiceIsRefused() async throws {
        let run = try await ProgramRun(["list", "--limit", "3", "--limit", "4"])
        #expect(run.status == 64)
        #expect(run.stderrLines == ["CompositionRoot: --limit was given more than once." + Self.usageHint])
    }

    @Test func listHelpNamesEveryOptionOfList() async throws {
        let run = try await ProgramRun(["list", "--help"])
        #expect(run.status == 0)
        for option in ["--name", "--modified-since", "--comics", "--series", "--events", "--stories", "--order-by", "--name-starts-with"] {
            #expect(run.stdout.contains("  \(option) "), "\(option)")
        }
    }
}
