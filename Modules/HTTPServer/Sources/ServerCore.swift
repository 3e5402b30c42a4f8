import Foundation
import HTTP
import HTTPTypes
import Sockets
import Synchronization

/// The sockets, threads and bookkeeping of a `LoopbackHTTPServer`, kept apart from it so that
/// its threads do not keep the public object alive.
final class ServerCore: Sendable {
    /// What the server allows each client.
    struct Bounds: Sendable {
        /// Connections served at once; more are turned away with a 503.
        let maxConnections: Int
        /// The time a request has, from its connection's acceptance, to arrive in full; and the
        /// time its response has to be written.
        let requestTimeout: Duration
    }

    private struct State {
        /// Set when a stop is asked: nothing new is accepted, and connections waiting for a
        /// request are closed.
        var stopping = false
        /// Set when handlers are cancelled and connections shut down (a stop without a drain,
        /// or one whose drain ran out of time).
        var forced = false
        var finished = false
        var connections: Set<Int32> = []
        var handlers: [Int32: Task<Void, Never>] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private enum Admission {
        case admitted, full, stopping
    }

    /// How long the server reads what a client still sends after the response, at most.
    private static let drainTime = Duration.seconds(1)
    /// What a client turned away is told to wait, in seconds.
    private static let retryAfterSeconds = 1

    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let port: UInt16
    private let bounds: Bounds
    private let log: @Sendable (String) -> Void
    private let handler: LoopbackHTTPServer.Handler
    private let state = Mutex(State())
    /// Entered by the accept thread and each connection thread, left when they end.
    private let threads = DispatchGroup()

    init(
        listener: Int32,
        wake: (read: Int32, write: Int32),
        port: UInt16,
        bounds: Bounds,
        log: @escaping @Sendable (String) -> Void,
        handler: @escaping LoopbackHTTPServer.Handler
    ) {
        self.listener = listener
        self.wake = wake
        self.port = port
        self.bounds = bounds
        self.log = log
        self.handler = handler
    }

    /// Starts the accept thread; false if the system would not start it.
    func start() -> Bool {
        threads.enter()
        let started = DetachedThread.start { [self] in
            acceptConnections()
            threads.leave()
        }
        if !started { threads.leave() }
        return started
    }

    /// Stops accepting and closes the connections waiting for a request; with `draining`, the
    /// requests that have arrived are still answered, else handlers are cancelled and every
    /// connection is shut down at once. Calling it again without `draining` ends a drain.
    func beginStopping(draining: Bool = false) {
        let first = state.withLock { state in
            let first = !state.stopping
            state.stopping = true
            if !draining && !state.forced {
                state.forced = true
                for connection in state.connections { Socket.shutdownBoth(connection) }
                for task in state.handlers.values { task.cancel() }
            }
            return first
        }
        guard first else { return }
        Socket.poke(wake.write)
        threads.notify(queue: .global()) { [self] in
            for descriptor in [wake.read, wake.write] { Socket.closeDescriptor(descriptor) }
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
        await finished()
    }

    /// Stops accepting, answers every request that has arrived, then returns; after `drainTime`,
    /// whatever is left is stopped as `stop()` stops it.
    func stopDraining(within drainTime: Duration) async {
        beginStopping(draining: true)
        let (seconds, attoseconds) = drainTime.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        let cutOff = DispatchWorkItem { [self] in beginStopping() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds)), execute: cutOff)
        await finished()
        cutOff.cancel()
    }

    /// Returns once every thread the server started has ended.
    private func finished() async {
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                if !state.finished { state.waiters.append(continuation) }
                return state.finished
            }
            if finished { continuation.resume() }
        }
    }

    /// Accepts connections until the server stops; failures to accept or to start a thread are
    /// ridden out (with back-off, answering 503) and logged once per episode.
    private func acceptConnections() {
        var backoff = AcceptBackoff()
        var threadsRefused = false
        accepting: while let ready = Socket.waitForInput([listener, wake.read]), !ready[1] {
            guard ready[0] else { continue }
            switch Socket.acceptConnection(on: listener) {
            case .nothing:
                continue
            case .failed(let reason):
                let (wait, startsEpisode) = backoff.failed()
                if startsEpisode {
                    log("Cannot accept connections on 127.0.0.1:\(port): \(reason); retrying with back-off until it succeeds.")
                }
                if Socket.waitForInput([wake.read], until: .now + wait)?.first == true { break accepting }
            case .connection(let connection):
                backoff.succeeded()
                let started = admit(connection, acceptedAt: .now)
                if !started && !threadsRefused {
                    log("Cannot start a thread for a connection on 127.0.0.1:\(port); answering 503 until one starts.")
                }
                threadsRefused = !started
            }
        }
        admitQueuedConnections()
        Socket.closeDescriptor(listener)
    }

    /// Admits the connections the system has queued on the listener: clients that connected
    /// before the stop, whose requests are answered unless the stop is forced.
    private func admitQueuedConnections() {
        while !state.withLock({ $0.forced }), Socket.isReadable(listener),
            case .connection(let connection) = Socket.acceptConnection(on: listener)
        {
            _ = admit(connection, acceptedAt: .now)
        }
    }

    /// Serves `connection` on a thread of its own, or turns it away when the server is full or
    /// stopping; false only when the system refused the thread.
    private func admit(_ connection: Int32, acceptedAt accepted: ContinuousClock.Instant) -> Bool {
        let admission = state.withLock { state in
            guard !state.forced else { return Admission.stopping }
            guard state.connections.count < bounds.maxConnections else { return .full }
            state.connections.insert(connection)
            threads.enter()
            return .admitted
        }
        switch admission {
        case .stopping:
            Socket.closeDescriptor(connection)
            return true
        case .full:
            turnAway(connection, reason: "The server is serving its maximum of \(bounds.maxConnections) connections.")
            return true
        case .admitted:
            let started = DetachedThread.start { [self] in
                serve(connection, acceptedAt: accepted)
                state.withLock { state in
                    state.connections.remove(connection)
                    state.handlers[connection] = nil
                }
                Socket.closeDescriptor(connection)
                threads.leave()
            }
            guard started else {
                state.withLock { _ = $0.connections.remove(connection) }
                threads.leave()
                turnAway(connection, reason: "The server cannot start a thread for this connection.")
                return false
            }
            return true
        }
    }

    /// Answers `503 Service Unavailable` with `Retry-After` on the accepting thread, without
    /// waiting for the client, and closes the connection.
    private func turnAway(_ connection: Int32, reason: String) {
        var response = HTTPWire.rejection(status: 503, reason: reason)
        response.headers["Retry-After"] = "\(Self.retryAfterSeconds)"
        let now = ContinuousClock.now
        Socket.sendAll(connection, HTTPWire.bytes(of: response, forMethod: "GET"), before: now)
        Socket.shutdownWrite(connection)
        // What the client has sent already is read, so closing does not reset the connection.
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while total < HTTPWire.maxHeadBytes, case .bytes(let count) = Socket.receive(connection, into: &scratch, before: now) {
            total += count
        }
        Socket.closeDescriptor(connection)
    }

    /// Answers the requests `connection` carries, one after another, until the client or a
    /// refusal closes it, the server stops, or it stays idle for the request time-out; each
    /// request has that time from the moment the server starts waiting for it.
    private func serve(_ connection: Int32, acceptedAt accepted: ContinuousClock.Instant) {
        var waitingSince = accepted
        var carried: [UInt8] = []
        while true {
            let deadline = waitingSince + bounds.requestTimeout
            guard !carried.isEmpty || requestArrives(on: connection, before: deadline) else { return }
            let reading = HTTPWire.readRequest(from: connection, port: port, before: deadline, carried: carried)
            let response: HTTPResponse
            let method: String
            switch reading.incoming {
            case .closed:
                return
            case .rejected(let status, let reason):
                (response, method) = (HTTPWire.rejection(status: status, reason: reason), "GET")
            case .request(let request):
                guard let answer = answer(request, on: connection) else { return }
                (response, method) = (answer, request.method)
            }
            // Once a stop is asked, a response tells the client the connection ends, unless the
            // server has already read more of what it sent (pipelined requests) to answer.
            let keepingAlive = reading.persistent && (!reading.leftover.isEmpty || !state.withLock { $0.stopping })
            let bytes = HTTPWire.bytes(of: response, forMethod: method, keepingAlive: keepingAlive)
            guard Socket.sendAll(connection, bytes, before: .now + bounds.requestTimeout) else { return }
            guard keepingAlive else {
                Socket.shutdownWrite(connection)
                drain(connection)
                return
            }
            // Empty lines before a request line are ignored (RFC 9112 §2.2), as after a body some clients send one.
            carried = Array(reading.leftover.drop { $0 == 13 || $0 == 10 })
            waitingSince = .now
        }
    }

    /// Waits until `connection` has something to read; false at `deadline`, or when the server
    /// stops first (a client that has sent nothing when the stop comes is not waited for).
    private func requestArrives(on connection: Int32, before deadline: ContinuousClock.Instant) -> Bool {
        while ContinuousClock.now < deadline {
            // All false: interrupted, or the deadline (checked by the loop).
            guard let ready = Socket.waitForInput([connection, wake.read], until: deadline) else { return true }
            if ready[0] { return true }
            if ready[1] { return false }
        }
        return false
    }

    /// Runs the handler as a task on this connection's thread (a `ConnectionExecutor`) and
    /// returns its response; nil when the server is stopping.
    private func answer(_ request: HTTPRequest, on connection: Int32) -> HTTPResponse? {
        let executor = ConnectionExecutor()
        let started = state.withLock { state in
            guard !state.forced else { return false }
            state.handlers[connection] = Task(executorPreference: executor) { [handler] in
                executor.fill(await handler(request))
            }
            return true
        }
        return started ? executor.response() : nil
    }

    /// Reads and drops what the client still sends until it closes (for at most `drainTime`),
    /// so closing our end does not reset the connection before the client has read the response.
    private func drain(_ connection: Int32) {
        let deadline = ContinuousClock.now + Self.drainTime
        var scratch = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while total < HTTPWire.maxHeadBytes, case .bytes(let count) = Socket.receive(connection, into: &scratch, before: deadline) {
            total += count
        }
    }
}
