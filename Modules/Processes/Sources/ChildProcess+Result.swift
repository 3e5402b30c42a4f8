extension ChildProcess {
    /// How a child process ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (not one sent for a time-out).
        case signalled(Int32)
        /// It outlived its time-out and was killed, with every process of its group.
        case timedOut

        /// "exit status N", "signal N" or "timed out".
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            case .timedOut: "timed out"
            }
        }
    }

    /// How a child ended and everything it wrote.
    public struct Result: Sendable {
        /// How it ended.
        public let termination: Termination
        /// What it wrote to standard output (and standard error, when they were merged).
        public let standardOutput: [UInt8]
        /// What it wrote to standard error; empty when merged into standard output.
        public let standardError: [UInt8]
        /// The bytes of standard output left out between its head and tail (`keptBytes`).
        public let standardOutputDropped: Int
        /// The bytes of standard error left out between its head and tail.
        public let standardErrorDropped: Int

        /// The exit status, or nil when it did not exit by itself.
        public var status: Int32? {
            if case .exited(let status) = termination { status } else { nil }
        }

        /// Standard output as UTF-8 text (invalid bytes replaced).
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }

        /// Standard error as UTF-8 text (invalid bytes replaced).
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }
}
