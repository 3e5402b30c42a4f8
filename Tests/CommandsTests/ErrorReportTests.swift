import Commands
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
}
