import Commands
import Emulator
import HTTPServer

/// The reports of the adapters' own errors, which Commands cannot see: handed to `ErrorReport`
/// by the composition root, the one place that meets the adapters.
public enum AppErrors {
    /// The report for `error` when an adapter threw it; nil for the errors Commands knows.
    public static func report(for error: any Error) -> ErrorReport? {
        switch error {
        case FixtureError.directoryNotFound: ErrorReport(message: "\(error)", exitCode: .notFound)
        case FixtureError.noWrapperFiles, FixtureError.malformed: ErrorReport(message: "\(error)", exitCode: .dataError)
        case FixtureError.unreadable: ErrorReport(message: "\(error)", exitCode: .ioError)
        case FixtureError.bundleMissing: ErrorReport(message: "\(error)", exitCode: .failure)
        case let error as LoopbackServerError: ErrorReport(message: error.description, exitCode: .ioError)
        default: CacheBackends.report(for: error) ?? StoreBackends.report(for: error)
        }
    }
}
