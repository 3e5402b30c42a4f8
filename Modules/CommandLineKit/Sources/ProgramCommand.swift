/// One command of the program, built with everything it needs through its initialiser and run once.
public protocol ProgramCommand: Sendable {
    /// Does what the command is for, writing to its console; throws what the program reports.
    func run() async throws
}

/// Prints a text: the usage for `--help`, the version for `--version`.
public struct TextCommand: ProgramCommand {
    private let text: String
    private let console: Console

    /// A command printing `text` on `console`.
    public init(_ text: String, console: Console) {
        self.text = text
        self.console = console
    }

    /// Prints the text.
    public func run() async throws {
        console.out(text)
    }
}
