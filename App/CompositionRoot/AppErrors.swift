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
        case let error as FixtureError:
            return ErrorReport(message: error.description, exitCode: exitCode(for: error))
        case let error as RedisError:
            return ErrorReport(message: "The Redis cache is unavailable: \(error.description).", exitCode: .unavailable)
        case let error as LoopbackServerError:
            return ErrorReport(message: error.description, exitCode: .ioError)
        default:
            return nil
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
}
