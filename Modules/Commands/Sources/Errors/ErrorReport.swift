import Client
import DataProviders
import Emulator
import Favorites
import HTTPServer
import Redis
import Storage

/// The one line and the exit code the program shows for an error; text that came from data or
/// a server is stripped of control characters before it reaches the terminal.
///
/// An error that wraps another (as a dependency-injection container's does) reaches it through
/// `unwrap`, which the composition root supplies, so this module needs no container.
public struct ErrorReport {
    /// The one line, safe for a terminal, without the program's name.
    public let message: String
    /// The exit code README.md documents for it.
    public let exitCode: ExitCode

    /// The report for `error`, looked at through `unwrap` (which returns the error that caused it, if any).
    public init(_ error: any Error, unwrap: (any Error) -> (any Error)? = { _ in nil }) {
        var error = error
        while let cause = unwrap(error) { error = cause }
        let report = Self.report(for: error)
        self.init(message: Self.bounded(TerminalText.safe(report.message)), exitCode: report.exitCode)
    }

    private init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    private static func report(for error: any Error) -> ErrorReport {
        switch error {
        case let error as UsageError:
            return ErrorReport(message: error.description, exitCode: .usage)
        case let error as FixtureError:
            return ErrorReport(message: error.description, exitCode: exitCode(for: error))
        case let error as ProviderError:
            return ErrorReport(message: error.description, exitCode: exitCode(for: error))
        case let error as StorageError:
            if case .cannotCreateDirectory = error {
                return ErrorReport(message: "Cannot use the disk cache: \(error.description).", exitCode: .cannotCreate)
            }
            return ErrorReport(message: "The disk cache failed: \(error.description).", exitCode: .ioError)
        case let error as FavoritesError:
            return ErrorReport(message: error.description, exitCode: error.exitCode)
        case let error as RedisError:
            return ErrorReport(message: "The Redis cache is unavailable: \(error.description).", exitCode: .unavailable)
        case let error as LoopbackServerError:
            return ErrorReport(message: error.description, exitCode: .ioError)
        default:
            return ErrorReport(message: oneLine("\(error)"), exitCode: .failure)
        }
    }

    private static func exitCode(for error: FixtureError) -> ExitCode {
        switch error {
        case .directoryNotFound: .notFound
        case .noWrapperFiles, .malformed: .dataError
        case .unreadable: .ioError
        case .bundleMissing: .failure
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
