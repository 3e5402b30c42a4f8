import Foundation
import Sockets
import Synchronization

/// Something on a loopback port that is not PostgreSQL: it accepts connections and either never
/// answers (`reply` nil) or sends `reply` and closes, for tests of a client facing the wrong server.
public final class LoopbackImpostor: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let state: State

    /// Listens on a free loopback port and serves from a thread of its own until deinit.
    public init(reply: [UInt8]?) throws {
        let listening: (descriptor: Int32, port: UInt16)
        do {
            listening = try Socket.listenOnLoopback(port: 0, backlog: 16)
        } catch {
            throw PostgresServerError(message: "cannot listen on 127.0.0.1: \(error)")
        }
        port = Int(listening.port)
        let state = State(descriptor: listening.descriptor)
        self.state = state
        Thread.detachNewThread { state.serve(reply) }
    }

    /// A loopback port nothing listens on just now.
    public static func unusedPort() -> Int? {
        freeLoopbackPort()
    }

    deinit {
        state.stop()
    }
}

/// The listening socket and the accepted connections, shared with the serving thread.
private final class State: Sendable {
    let descriptor: Int32
    private let stopped = Mutex(false)
    private let held = Mutex<[Int32]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func serve(_ reply: [UInt8]?) {
        defer { finished.signal() }
        while !stopped.withLock({ $0 }) {
            guard Socket.waitUntilReadable(descriptor, until: .now + .milliseconds(50)) else { continue }
            guard case .connection(let client) = Socket.acceptConnection(on: descriptor) else { continue }
            if let reply {
                Socket.sendAll(client, reply, before: .now + .seconds(1))
                Socket.closeDescriptor(client)
            } else {
                held.withLock { $0.append(client) }
            }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        finished.wait()
        for client in held.withLock({ $0 }) { Socket.closeDescriptor(client) }
        Socket.closeDescriptor(descriptor)
    }
}
