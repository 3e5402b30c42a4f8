import Foundation
import Synchronization

/// A small HTTP/1.1 server bound to 127.0.0.1 only, answering every request with `handler`:
/// the Marvel API emulator behind `serve`, and the far end of the client's socket tests.
///
/// One request per connection (`Connection: close`), each connection on its own thread, so a
/// slow handler never holds up other clients. Malformed requests get a 400 (or 413, 431, 501,
/// 505) without reaching the handler. `stop()` cancels handlers in flight and returns once
/// every thread the server started has ended.
public final class LoopbackHTTPServer: Sendable {
    /// Answers one request; it runs as a task, cancelled when the server stops.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The port the server listens on: the one asked for, or the one the system chose for 0.
    public let port: UInt16
    private let core: ServerCore

    /// Listens on 127.0.0.1:`port` (0 for any free port) and starts serving with `handler`;
    /// throws `LoopbackServerError` if the port cannot be had.
    public init(port: UInt16 = 0, handler: @escaping Handler) throws(LoopbackServerError) {
        let listener = try Socket.listenOnLoopback(port: port)
        let wake: (read: Int32, write: Int32)
        do {
            wake = try Socket.makePipe()
        } catch {
            Socket.closeDescriptor(listener.descriptor)
            throw error
        }
        self.port = listener.port
        core = ServerCore(listener: listener.descriptor, wake: wake, port: listener.port, handler: handler)
        core.start()
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

    deinit {
        core.beginStopping()
    }
}

/// The server's sockets, threads and bookkeeping, kept apart from `LoopbackHTTPServer` so
/// that its threads do not keep the public object alive.
private final class ServerCore: Sendable {
    private struct State {
        var stopping = false
        var finished = false
        var connections: Set<Int32> = []
        var handlers: [Int32: Task<Void, Never>] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Seconds a connection may stay silent while the server reads its request.
    private static let readTimeout = 10

    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let port: UInt16
    private let handler: LoopbackHTTPServer.Handler
    private let state = Mutex(State())
    /// Entered by the accept thread and each connection thread, left when they end.
    private let threads = DispatchGroup()

    init(listener: Int32, wake: (read: Int32, write: Int32), port: UInt16, handler: @escaping LoopbackHTTPServer.Handler) {
        self.listener = listener
        self.wake = wake
        self.port = port
        self.handler = handler
    }

    func start() {
        threads.enter()
        Thread { [self] in
            acceptConnections()
            threads.leave()
        }.start()
    }

    func beginStopping() {
        let first = state.withLock { state in
            guard !state.stopping else { return false }
            state.stopping = true
            for connection in state.connections { Socket.shutdownBoth(connection) }
            for task in state.handlers.values { task.cancel() }
            return true
        }
        guard first else { return }
        Socket.poke(wake.write)
        threads.notify(queue: .global()) { [self] in
            for descriptor in [listener, wake.read, wake.write] { Socket.closeDescriptor(descriptor) }
            let waiters = state.withLock { state in
                state.finished = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    func stop() async {
        beginStopping()
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                if !state.finished { state.waiters.append(continuation) }
                return state.finished
            }
            if finished { continuation.resume() }
        }
    }

    private func acceptConnections() {
        while let ready = Socket.waitForInput([listener, wake.read]), !ready[1] {
            guard ready[0] else { continue }
            let connection: Int32?
            do {
                connection = try Socket.acceptConnection(on: listener, readTimeout: Self.readTimeout)
            } catch {
                return
            }
            guard let connection else { continue }
            let admitted = state.withLock { state in
                guard !state.stopping else { return false }
                state.connections.insert(connection)
                threads.enter()
                return true
            }
            guard admitted else {
                Socket.closeDescriptor(connection)
                return
            }
            Thread { [self] in
                serve(connection)
                state.withLock { state in
                    state.connections.remove(connection)
                    state.handlers[connection] = nil
                }
                Socket.closeDescriptor(connection)
                threads.leave()
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        let response: HTTPResponse
        let method: String
        switch HTTPWire.readRequest(from: connection, port: port) {
        case .closed:
            return
        case .rejected(let status, let reason):
            (response, method) = (HTTPWire.rejection(status: status, reason: reason), "GET")
        case .request(let request):
            guard let answer = answer(request, on: connection) else { return }
            (response, method) = (answer, request.method)
        }
        guard Socket.sendAll(connection, HTTPWire.bytes(of: response, forMethod: method)) else { return }
        Socket.shutdownWrite(connection)
        drain(connection)
    }

    /// Runs the handler as a task and waits for its response on this (non-pool) thread; nil
    /// when the server is stopping.
    private func answer(_ request: HTTPRequest, on connection: Int32) -> HTTPResponse? {
        let slot = ResponseSlot()
        let started = state.withLock { state in
            guard !state.stopping else { return false }
            state.handlers[connection] = Task { [handler] in slot.fill(await handler(request)) }
            return true
        }
        return started ? slot.wait() : nil
    }

    /// Reads and drops what the client still sends until it closes, so closing our end does not
    /// reset the connection before the client has read the response.
    private func drain(_ connection: Int32) {
        Socket.setReadTimeout(connection, seconds: 1)
        var scratch = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while total < HTTPWire.maxHeadBytes {
            let count = Socket.receive(connection, into: &scratch)
            guard count > 0 else { return }
            total += count
        }
    }
}

/// Hands a handler's response from its task to the connection thread waiting for it.
private final class ResponseSlot: Sendable {
    private let value = Mutex<HTTPResponse?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    func fill(_ response: HTTPResponse) {
        value.withLock { $0 = response }
        filled.signal()
    }

    func wait() -> HTTPResponse {
        filled.wait()
        return value.withLock { $0 } ?? HTTPResponse(statusCode: 500)
    }
}
