import Foundation
import HTTPTypes
import Sockets

/// A small HTTP/1.1 server bound to 127.0.0.1 only, answering every request with `handler`:
/// the Marvel API emulator behind `serve`, and the far end of the client's socket tests.
///
/// Each connection on its own thread, so a slow handler never holds up other clients. An
/// HTTP/1.1 connection carries one request after another (keep-alive, pipelined requests
/// answered in order) until the client sends `Connection: close`, a request is refused, or it
/// is idle for `requestTimeout`; HTTP/1.0 gets one request per connection. Malformed requests get a 400 (or 413, 431, 501,
/// 505) without reaching the handler: among them an HTTP/1.1 request without `Host`, one with
/// two `Host` lines, and a head with a line ending in a bare LF (answered as soon as the LF
/// arrives). A target in absolute form (`http://host/path?query`) reaches the handler as its
/// path and query, which `HTTPRequest.target` holds as sent. The server is bounded: at most `maxConnections`
/// connections at a time (beyond, and when the system refuses a thread, a `503` with
/// `Retry-After` and no thread), each request's head and body within `requestTimeout` of the
/// moment the server starts waiting for it (the connection's acceptance, or the end of the
/// previous response; else a 408), each response written within `requestTimeout`.
/// When `accept` fails for want of descriptors or memory, the server retries with back-off
/// and says so once through `log`. `stop()` cancels handlers in flight and returns once every
/// thread the server started has ended; `stop(drainingWithin:)` first answers the requests that
/// have arrived.
public final class LoopbackHTTPServer: Sendable {
    /// Answers one request; it runs as a task, cancelled when the server stops.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The default cap on connections served at once: 64.
    public static let defaultMaxConnections = 64
    /// The default time a request has to arrive, and a response to be written: 10 seconds.
    public static let defaultRequestTimeout = Duration.seconds(10)

    /// The port the server listens on: the one asked for, or the one the system chose for 0.
    public let port: UInt16
    private let core: ServerCore

    /// Listens on 127.0.0.1:`port` (0 for any free port) and starts serving with `handler`,
    /// at most `maxConnections` (at least 1) at a time, each request given `requestTimeout`
    /// (at least 1 ms); `log` gets one line per episode of trouble the server rides out.
    /// Throws `LoopbackServerError` if the port cannot be had.
    public init(
        port: UInt16 = 0,
        maxConnections: Int = LoopbackHTTPServer.defaultMaxConnections,
        requestTimeout: Duration = LoopbackHTTPServer.defaultRequestTimeout,
        log: @escaping @Sendable (String) -> Void = { _ in },
        handler: @escaping Handler
    ) throws(LoopbackServerError) {
        let listener: (descriptor: Int32, port: UInt16)
        do {
            listener = try Socket.listenOnLoopback(port: port)
        } catch {
            throw LoopbackServerError(port: port, call: error.call, reason: error.reason)
        }
        let wake: (read: Int32, write: Int32)
        do {
            wake = try Socket.makePipe()
        } catch {
            Socket.closeDescriptor(listener.descriptor)
            throw LoopbackServerError(port: port, call: error.call, reason: error.reason)
        }
        let bounds = ServerCore.Bounds(
            maxConnections: max(1, maxConnections), requestTimeout: max(.milliseconds(1), requestTimeout))
        let core = ServerCore(listener: listener.descriptor, wake: wake, port: listener.port, bounds: bounds, log: log, handler: handler)
        guard core.start() else {
            for descriptor in [listener.descriptor, wake.read, wake.write] { Socket.closeDescriptor(descriptor) }
            throw LoopbackServerError(port: port, call: "pthread_create", reason: "The system would not start a thread.")
        }
        self.port = listener.port
        self.core = core
    }

    /// `http://127.0.0.1:PORT`, the base URL of the server.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops accepting, cancels handlers in flight, closes every connection and the listening
    /// socket, and returns when all the server's threads have ended. Calling it again is harmless.
    public func stop() async {
        await core.stop()
    }

    /// Stops gracefully: stops accepting (connections the system had already queued are still
    /// taken), closes the connections that have sent nothing, answers every request that has
    /// arrived (each with `Connection: close`), and returns when all the server's threads have
    /// ended. What is left after `drainTime` is stopped as `stop()` stops it.
    public func stop(drainingWithin drainTime: Duration) async {
        await core.stopDraining(within: drainTime)
    }

    deinit {
        core.beginStopping()
    }
}
