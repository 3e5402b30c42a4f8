import CommandLineKit
import Foundation

/// A server `serve` started: the address it prints, and how to stop it.
public struct RunningServer: Sendable {
    /// Where the server listens, as a URL.
    public let address: String
    /// Stops the server; returns once it has.
    public let stop: @Sendable () async -> Void

    /// A server at `address` that `stop` stops.
    public init(address: String, stop: @escaping @Sendable () async -> Void) {
        self.address = address
        self.stop = stop
    }
}

/// `serve`: starts a server through `start` (the composition root's: the Marvel API emulator on
/// 127.0.0.1), prints where, and serves until told to stop (SIGINT or SIGTERM unless a test says
/// otherwise); the server's troubles (no descriptors, no threads) go to stderr, one line per episode.
public struct ServeCommand: ProgramCommand {
    private let start: @Sendable (_ log: @escaping @Sendable (String) -> Void) throws -> RunningServer
    private let console: Console
    private let stopSignal: (@Sendable () async -> Void)?

    /// Serves what `start` starts, giving it the log for its troubles; stops when `stopSignal`
    /// returns, or on SIGINT or SIGTERM when it is nil.
    public init(
        console: Console, stopSignal: (@Sendable () async -> Void)? = nil,
        start: @escaping @Sendable (_ log: @escaping @Sendable (String) -> Void) throws -> RunningServer
    ) {
        self.start = start
        self.console = console
        self.stopSignal = stopSignal
    }

    /// Starts the server, prints its address, and stops it when `stopSignal` returns (on SIGINT or SIGTERM without one).
    public func run() async throws {
        let console = console
        let termination = stopSignal == nil ? TerminationSignals() : nil
        let server = try start { console.err("CompositionRoot: \($0)") }
        console.out("Serving the Marvel API emulator on \(server.address)")
        if let stopSignal { await stopSignal() } else { await termination?.wait() }
        await server.stop()
    }
}

/// Catches SIGINT and SIGTERM from the moment it is made, so they no longer end the process;
/// `wait()` returns when one arrives.
private struct TerminationSignals {
    private let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init() {
        let (signals, continuation) = AsyncStream<Int32>.makeStream()
        let queue = DispatchQueue(label: "excelsior.serve.signals")
        self.signals = signals
        // `resume()` registers a source asynchronously; until then the signal is ignored and
        // lost. Wait for both registrations, so a signal sent once `serve` has printed its
        // address is never missed.
        let registered = DispatchGroup()
        self.sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        registered.wait()
    }

    func wait() async {
        for await _ in signals { break }
        for source in sources { source.cancel() }
    }
}
