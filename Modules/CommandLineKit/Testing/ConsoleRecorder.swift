import CommandLineKit
import Synchronization

/// A `Console` that keeps what a command wrote, for tests that read it back.
public final class ConsoleRecorder: Sendable {
    private let lines = Mutex((out: [String](), err: [String]()))

    /// A recorder that has recorded nothing yet.
    public init() {}

    /// The console to hand to a command.
    public var console: Console {
        Console(out: { line in self.lines.withLock { $0.out.append(line) } }, err: { line in self.lines.withLock { $0.err.append(line) } })
    }

    /// Everything written to standard output, one element per `out` call.
    public var out: [String] { lines.withLock { $0.out } }

    /// Everything written to standard error, one element per `err` call.
    public var err: [String] { lines.withLock { $0.err } }
}
