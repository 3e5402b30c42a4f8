import Commands
import Emulator
import HTTPServer
import Redis

/// The reports of the adapters' own errors, which Commands cannot see: handed to `ErrorReport`
/// by the composition root, the one place that meets the adapters.
enum AppErrors {
    /// The report for `error` when an adapter threw it; nil for the errors Commands knows.
    static func report(for error: any Error) -> ErrorReport? {
        switch error {
        case FixtureError.directoryNotFound: ErrorReport(message: "\(error)", exitCode: .notFound)
        case FixtureError.noWrapperFiles, FixtureError.malformed: ErrorReport(message: "\(error)", exitCode: .dataError)
        case FixtureError.unreadable: ErrorReport(message: "\(error)", exitCode: .ioError)
        case FixtureError.bundleMissing: ErrorReport(message: "\(error)", exitCode: .failure)
        case let error as RedisError where error.isLoginRefused:
            ErrorReport(message: sentence("The Redis server refused the login: \(error.description)"), exitCode: .permissionDenied)
        case let error as RedisError where error.isDatabaseRefused:
            ErrorReport(message: sentence("The Redis server refused the database of the URL: \(error.description)"), exitCode: .usage)
        case let error as RedisError:
            ErrorReport(message: sentence("The Redis cache is unavailable: \(error.description)"), exitCode: .unavailable)
        case let error as LoopbackServerError: ErrorReport(message: error.description, exitCode: .ioError)
        default: nil
        }
    }

    /// `text` ending with one full stop: a server's message that ends with its own is not given a second.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? text : text + "."
    }
}
