import CommandLineKit
import Commands
import Favorites
import Testing

@Suite struct ErrorReportTests {
    struct AdapterError: Error {}

    /// A server's message that ends with its own full stop (`WRONGPASS … disabled.`) or question
    /// mark is not given a second full stop; an ellipsis is kept.
    @Test(arguments: [
        ("WRONGPASS invalid username-password pair or user is disabled..", "WRONGPASS invalid username-password pair or user is disabled."),
        ("Are you sure your configuration is correct?.", "Are you sure your configuration is correct?"),
        ("It went on...", "It went on..."),
        ("One stop.", "One stop."),
    ])
    func aMessageEndsWithOneFullStop(_ written: String, _ shown: String) {
        let report = ErrorReport(AdapterError(), explain: { _ in ErrorReport(message: written, exitCode: .unavailable) })
        #expect(report.message == shown)
    }

    /// An error that says its own exit code (as every feature's errors do) is reported by it and
    /// its description, made safe for the terminal, with no case for it here.
    @Test func aReportedErrorIsShownWithItsOwnCode() {
        let report = ErrorReport(FavoritesError.busy(path: "/data/\u{1B}[2Jfavorites.sqlite"))
        #expect(report.exitCode == .temporaryFailure)
        #expect(report.message.contains("/data/\u{FFFD}[2Jfavorites.sqlite"))
    }
}
