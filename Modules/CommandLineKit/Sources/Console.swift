/// Where a command writes: standard output and standard error (or a test's buffers), and how
/// the terminal behind them may be styled.
public struct Console: Sendable {
    /// Writes one line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line to standard error.
    public var err: @Sendable (String) -> Void
    /// What the terminal allows: styling and width.
    public var terminal: Terminal

    /// A console writing lines through `out` and `err`, styled as `terminal` allows.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, terminal: Terminal = .plain) {
        self.out = out
        self.err = err
        self.terminal = terminal
    }

    /// One warning line on standard error, `text` made safe for the terminal.
    public func warn(_ text: String) {
        err(terminal.warning("CompositionRoot: warning: \(TerminalText.safe(text))."))
    }
}
