import Foundation
import Redis
import Sockets
import Synchronization

/// A loopback server of the test's own that speaks broken RESP: for each request it receives it
/// answers as its `Behaviour` says, so tests can check the client fails clearly, in time, and
/// without crashing. It serves until `stop()` or the end of its life.
public final class FakeRESPServer: Sendable {
    /// How the server answers.
    public enum Behaviour: Sendable {
        /// Sends these bytes for every request and keeps the connection open.
        case reply([UInt8])
        /// Sends these bytes for the first request, then closes the connection (a truncated reply).
        case replyThenClose([UInt8])
        /// Sends these bytes, then one more byte (`filler`) every `interval`, for ever.
        case neverEnding([UInt8], filler: UInt8, interval: Duration)
        /// Reads requests and never answers.
        case silent
    }

    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    private let worker: Worker

    /// A server answering as `behaviour` says, already accepting connections.
    public init(_ behaviour: Behaviour) throws {
        guard let listening = LoopbackListener() else { throw RedisServerError(message: "cannot listen on 127.0.0.1") }
        port = listening.port
        let worker = Worker(behaviour: behaviour, listener: Socket.duplicate(listening.descriptor))
        self.worker = worker
        Thread.detachNewThread { worker.acceptConnections() }
    }

    deinit {
        worker.stop()
    }

    /// A configuration for the server with the given time-out for every step.
    public func configuration(timeout: Duration) -> RedisConfiguration {
        var configuration = RedisConfiguration(host: "127.0.0.1", port: port)
        configuration.connectTimeout = timeout
        configuration.readTimeout = timeout
        configuration.writeTimeout = timeout
        configuration.retryDelay = .zero
        return configuration
    }

    /// How many connections the server has accepted.
    public var connectionsAccepted: Int { worker.accepted.load(ordering: .relaxed) }

    /// Stops accepting and serving; open connections are closed within a few milliseconds.
    public func stop() {
        worker.stop()
    }

    /// The threads' side of the server (they hold it, not the server, so the server's end stops them).
    private final class Worker: Sendable {
        let behaviour: Behaviour
        let listener: Int32
        let stopped = Atomic<Bool>(false)
        let accepted = Atomic<Int>(0)

        init(behaviour: Behaviour, listener: Int32) {
            self.behaviour = behaviour
            self.listener = listener
        }

        func stop() {
            guard !stopped.exchange(true, ordering: .relaxed) else { return }
            Socket.shutdownBoth(listener)
        }

        private var isStopped: Bool { stopped.load(ordering: .relaxed) }

        func acceptConnections() {
            defer { Socket.closeDescriptor(listener) }
            while !isStopped {
                guard Socket.waitUntilReadable(listener, until: .now + .milliseconds(20)) else { continue }
                guard case .connection(let connection) = Socket.acceptConnection(on: listener) else { continue }
                accepted.add(1, ordering: .relaxed)
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }

        private func serve(_ connection: Int32) {
            defer { Socket.closeDescriptor(connection) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !isStopped {
                switch Socket.receive(connection, into: &buffer, before: .now + .milliseconds(20)) {
                case .bytes: break
                case .timedOut: continue
                case .end, .failed: return
                }
                switch behaviour {
                case .reply(let bytes):
                    guard FakeRESPServer.sendAll(bytes, to: connection) else { return }
                case .replyThenClose(let bytes):
                    FakeRESPServer.sendAll(bytes, to: connection)
                    return
                case .neverEnding(let bytes, let filler, let interval):
                    guard FakeRESPServer.sendAll(bytes, to: connection) else { return }
                    while !isStopped, FakeRESPServer.sendAll([filler], to: connection) {
                        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
                    }
                    return
                case .silent:
                    continue
                }
            }
        }
    }

    /// Writes all of `bytes`, giving a peer that stopped reading ten seconds; false once it has gone.
    @discardableResult
    fileprivate static func sendAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        Socket.sendAll(descriptor, bytes, before: .now + .seconds(10))
    }
}
