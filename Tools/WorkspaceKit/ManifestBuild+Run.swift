import Foundation

extension ManifestBuild {
    /// Runs the compiled manifests' `program` for at most `timeout`, reading both its outputs
    /// at once; returns the JSON it wrote. Throws `ManifestCompileError` when it fails, times
    /// out, ends before writing its output or writes what cannot be read, naming the manifest it
    /// was evaluating where it said so.
    func run(_ program: URL, sources: ManifestSources, scratch: URL) throws -> Data {
        let marker = "excelsior-manifests-" + UUID().uuidString
        let ran = try Shell.capture([program.path, marker, String(timeout.alarmSeconds)], in: root, timeout: timeout.seconds)
        let report = ManifestProgram.Report(standardOutput: ran.standardOutput, marker: marker)
        let evaluating = report.reading.map { ", evaluating \($0)" } ?? ""
        let printed = TerminalText.lines(
            relative(
                Self.tail(of: report.printed + "\n" + ran.standardError, droppedBefore: ran.dropped), sources: sources, scratch: scratch))
        let shown = printed.isEmpty ? "" : printed + "\n"
        switch ran.ending {
        case .timedOut:
            throw ManifestCompileError(
                output: shown + "the manifests' program did not finish in \(timeout.description)\(evaluating) "
                    + "(a manifest or a helper may loop for ever); it was stopped. \(ManifestTimeout.variable) sets the bound in seconds.")
        case .signalled(let signal):
            throw ManifestCompileError(
                output: shown + "the manifests' program was killed by signal \(signal)\(evaluating)")
        case .exited(let status) where status != 0:
            throw ManifestCompileError(output: shown + "the manifests' program exited \(status)\(evaluating)")
        case .exited:
            guard let output = report.output else {
                throw ManifestCompileError(
                    output: shown + "the manifests' program ended before writing its output\(evaluating) "
                        + "(a manifest or a helper called exit?)")
            }
            return output
        }
    }

    /// The last 8 KiB of `text`, trimmed, with a note of how much was left out, `dropped`
    /// bytes that were read and not kept included.
    private static func tail(of text: String, droppedBefore dropped: Int) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count > 8192 || dropped > 0 else { return trimmed }
        let kept = String(decoding: trimmed.utf8.suffix(8192), as: UTF8.self)
        return "(\(max(0, trimmed.utf8.count - 8192) + dropped) bytes of the program's output left out)\n…" + kept
    }
}
