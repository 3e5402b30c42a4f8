import Foundation
import HTTP
import HTTPServer

/// `serve`: puts the Marvel API emulator (any `HTTPClient`) behind a `LoopbackHTTPServer` on
/// 127.0.0.1, prints where, and serves until told to stop (SIGINT or SIGTERM unless a test says
/// otherwise); the server's troubles (no descriptors, no threads) go to stderr, one line per episode.
public struct ServeCommand: ProgramCommand {
    private let port: Int
    private let maxConnections: Int
    private let requestTimeout: Duration
    private let api: any HTTPClient
    private let console: Console
    private let stopSignal: (@Sendable () async -> Void)?

    /// Serves `api` on `port` with the server's bounds; stops when `stopSignal` returns, or on
    /// SIGINT or SIGTERM when it is nil.
    public init(
        port: Int, maxConnections: Int, requestTimeout: Duration, api: any HTTPClient, console: Console,
        stopSignal: (@Sendable () async -> Void)? = nil
    ) {
        self.port = port
        self.maxConnections = maxConnections
        self.requestTimeout = requestTimeout
        self.api = api
        self.console = console
        self.stopSignal = stopSignal
    }

    public func run() async throws {
        let api = api
        let console = console
        let termination = stopSignal == nil ? TerminationSignals() : nil
        let server = try LoopbackHTTPServer(
            port: UInt16(port), maxConnections: maxConnections, requestTimeout: requestTimeout,
            log: { console.err("CompositionRoot: \($0)") }
        ) { request in
            do {
                return try await api.send(request)
            } catch {
                return HTTPResponse(statusCode: 500, body: Data("\(error)\n".utf8))
            }
        }
        console.out("Serving the Marvel API emulator on \(server.baseURL.absoluteString)")
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
