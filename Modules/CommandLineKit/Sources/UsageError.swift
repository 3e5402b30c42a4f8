/// A command line the program does not accept; its message names the problem and the fix.
public struct UsageError: ReportedError, Equatable {
    /// What is wrong, in one sentence.
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message and where to read the usage.
    public var description: String {
        "\(message) Run 'CompositionRoot --help' for usage."
    }

    /// 64, as for every command line the program refuses.
    public var exitCode: ExitCode { .usage }
}
