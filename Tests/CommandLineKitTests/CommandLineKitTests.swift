import CommandLineKit
import Foundation
import Testing

/// The pieces every command shares keep their promises on their own.
@Suite struct CommandLineKitTests {
    @Test func aLineBufferWritesInChunksAndLosesNoLine() {
        let written = Written()
        var buffer = LineBuffer { written.append($0) }
        let line = String(repeating: "x", count: 1_000)
        for _ in 0..<200 { buffer.append(line) }
        #expect(written.chunks.count == 3, "200 kB of lines are three chunks of 64 KiB, written before the flush")
        buffer.flush()
        #expect(written.chunks.joined(separator: "\n") == Array(repeating: line, count: 200).joined(separator: "\n"))
        #expect(written.chunks.allSatisfy { $0.utf8.count <= 65_536 + line.utf8.count })
    }

    @Test func aWarningIsOneSafeLineOnStandardError() {
        let written = Written()
        let console = Console(out: { _ in Issue.record("a warning went to standard output") }, err: { written.append($0) })
        console.warn("cache \u{1B}[2J failed")
        #expect(written.chunks == ["CompositionRoot: warning: cache \u{FFFD}[2J failed."])
    }

    @Test func anErrorSaysItsOwnExitCode() {
        #expect(ExitCode(reporting: Refused()) == .permissionDenied)
        #expect(ExitCode(reporting: UsageError(message: "Bad.")) == .usage)
        #expect(ExitCode(reporting: CocoaError(.fileNoSuchFile)) == .failure, "an error that says no code of its own is 1")
        #expect(UsageError(message: "Bad.").description == "Bad. Run 'CompositionRoot --help' for usage.")
    }

    @Test func exitCodesAreDistinctAndEachHasAMeaningOfItsOwn() {
        let meanings = ExitCode.allCases.map(\.meaning)
        #expect(Set(meanings).count == ExitCode.allCases.count)
        #expect(meanings.allSatisfy { $0.hasSuffix(".") && !$0.contains("\n") })
    }

    @Test func jsonTextSortsKeysAndKeepsSlashes() throws {
        #expect(try JSONText.text(["b": "http://x/y", "a": "1"]) == "{\n  \"a\" : \"1\",\n  \"b\" : \"http://x/y\"\n}")
    }
}

private struct Refused: ReportedError {
    var exitCode: ExitCode { .permissionDenied }
    var description: String { "refused" }
}

/// What a console or a buffer wrote, gathered from any thread.
// @unchecked Sendable: its one stored array is read and written only under `lock`.
private final class Written: @unchecked Sendable {  // Safe: see above.
    private let lock = NSLock()
    private var lines: [String] = []
    var chunks: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}
