import Client
import Emulator
import Foundation
import HTTP
import HTTPServer

/// `serve`: puts the Marvel API emulator (the container's `HTTPClient`) behind a
/// `LoopbackHTTPServer` on 127.0.0.1, prints where, and serves until SIGINT or SIGTERM; the
/// server's troubles (no descriptors, no threads) go to stderr, one line per episode.
struct ServeCommand {
    let port: Int
    let maxConnections: Int
    let requestTimeout: Duration
    let api: any HTTPClient
    let console: Application.Console

    func run() async throws {
        let api = api
        let console = console
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
        let termination = TerminationSignals()
        console.out("Serving the Marvel API emulator on \(server.baseURL.absoluteString)")
        await termination.wait()
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
