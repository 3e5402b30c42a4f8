/// One thing `workspace check` found wrong, as one line: `file:line: message` where it has a place.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// The file to fix, relative to the workspace, if the problem has one.
    public let file: String?
    /// The 1-based line in `file`, if known.
    public let line: Int?
    /// What is wrong, in tuist's style: `Repository implicitly depends on: Client`.
    public let message: String
    /// A warning is printed but does not fail `check`.
    public let isWarning: Bool

    /// A problem at an optional place; a warning when `isWarning`.
    public init(file: String? = nil, line: Int? = nil, message: String, isWarning: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.isWarning = isWarning
    }

    /// `file:line: message`, `file: message`, or the message alone; a warning's message starts with `warning: `.
    public var description: String {
        let message = isWarning ? "warning: \(self.message)" : self.message
        return switch (file, line) {
        case (let file?, let line?): "\(file):\(line): \(message)"
        case (let file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
