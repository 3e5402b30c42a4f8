import Foundation

/// Whether output may be styled: only on a terminal, and never when `NO_COLOR` is set.
public struct Terminal: Sendable {
    /// Whether standard output may carry styles.
    public let stylesOutput: Bool
    /// Whether standard error may carry styles.
    public let stylesErrors: Bool
    /// The width of standard output in columns: the terminal's, else 80.
    public var columns = 80

    /// A terminal styling output and errors as told, `columns` wide.
    public init(stylesOutput: Bool, stylesErrors: Bool, columns: Int = 80) {
        self.stylesOutput = stylesOutput
        self.stylesErrors = stylesErrors
        self.columns = columns
    }

    /// The terminal the process writes to, as `environment` allows.
    public static func current(_ environment: [String: String]) -> Terminal {
        let allowed = environment["NO_COLOR"].map(\.isEmpty) ?? true
        var terminal = Terminal(stylesOutput: allowed && isatty(STDOUT_FILENO) == 1, stylesErrors: allowed && isatty(STDERR_FILENO) == 1)
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            terminal.columns = Int(size.ws_col)
        }
        return terminal
    }

    /// No styling anywhere, as for a pipe or a test.
    public static let plain = Terminal(stylesOutput: false, stylesErrors: false)

    /// `text` in bold, if output is styled.
    public func bold(_ text: String) -> String {
        stylesOutput ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// `text` dimmed, if output is styled.
    public func dim(_ text: String) -> String {
        stylesOutput ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

    /// `text` in yellow on standard error, if errors are styled.
    public func warning(_ text: String) -> String {
        stylesErrors ? "\u{1B}[33m\(text)\u{1B}[0m" : text
    }
}
