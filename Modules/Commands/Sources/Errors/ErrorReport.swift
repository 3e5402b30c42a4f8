import CommandLineKit
import DataProviders
import Storage

/// The one line and the exit code the program shows for an error; text that came from data or
/// a server is stripped of control characters before it reaches the terminal.
///
/// An error that is a `ReportedError` says its own message and exit code; this module knows the
/// errors of the data modules it imports. The composition root, which alone
/// meets the adapters, hands in the rest: `unwrap` reaches the error inside a wrapper (as a
/// dependency-injection container's), and `explain` reports an adapter's own errors.
public struct ErrorReport: Sendable, Equatable {
    /// The one line, safe for a terminal, without the program's name.
    public let message: String
    /// The exit code docs/CLI.md documents for it.
    public let exitCode: ExitCode

    /// The report for `error`, looked at through `unwrap` (which returns the error that caused it,
    /// if any) and then `explain` (which reports the errors this module cannot see, or returns nil).
    public init(
        _ error: any Error, unwrap: (any Error) -> (any Error)? = { _ in nil }, explain: (any Error) -> ErrorReport? = { _ in nil }
    ) {
        var error = error
        while let cause = unwrap(error) { error = cause }
        let report = explain(error) ?? Self.report(for: error)
        self.init(message: Self.bounded(TerminalText.safe(Self.endingOnce(report.message))), exitCode: report.exitCode)
    }

    /// `message` without the full stop added after one it already ended with: a server's text
    /// ending in its own (`…disabled.`, `…correct?`) is not given a second.
    static func endingOnce(_ message: String) -> String {
        guard message.hasSuffix("."), !message.hasSuffix("..."), let before = message.dropLast().last, ".?!".contains(before) else {
            return message
        }
        return String(message.dropLast())
    }

    /// The report saying `message` (one line, without the program's name) and exiting with `exitCode`.
    public init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    private static func report(for error: any Error) -> ErrorReport {
        switch error {
        case let error as ProviderError:
            return ErrorReport(message: error.description, exitCode: exitCode(for: error))
        case let error as StorageError:
            if case .cannotCreateDirectory = error {
                return ErrorReport(message: "Cannot use the disk cache: \(error.description).", exitCode: .cannotCreate)
            }
            return ErrorReport(message: "The disk cache failed: \(error.description).", exitCode: .ioError)
        case let error as any ReportedError:
            return ErrorReport(message: error.description, exitCode: error.exitCode)
        default:
            return ErrorReport(message: oneLine("\(error)"), exitCode: .failure)
        }
    }

    private static func exitCode(for error: ProviderError) -> ExitCode {
        switch error {
        case .notFound: .notFound
        case .invalidRequest: .usage
        case .unavailable: .unavailable
        case .badData: .dataError
        }
    }

    /// The longest error line printed: a server or a file that echoes a huge value back is cut.
    static let longestMessage = 1_000

    private static func bounded(_ message: String) -> String {
        message.count > longestMessage ? message.prefix(longestMessage) + "… (cut at \(longestMessage) characters)" : message
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    }
}
