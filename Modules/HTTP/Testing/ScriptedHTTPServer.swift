import Foundation
import Sockets
import Synchronization

/// An HTTP peer on 127.0.0.1 that follows a script, not the protocol: each connection is
/// handed, once its request head has arrived, to `respond` on a thread of its own, which writes
/// whatever bytes it likes, as slowly as it likes (a chunked body, a gzip bomb, a trickle, or
/// nothing at all). For testing HTTP clients against servers that misbehave. `stop()` closes
/// everything and waits for the threads, whose scripts' sends fail from then on.
public final class ScriptedHTTPServer: Sendable {
    /// Why the server could not listen.
    public struct Failure: Error, CustomStringConvertible {
        /// The system's reason.
        public let description: String
    }

    /// The port it listens on, chosen by the system.
    public let port: UInt16
    private let listener: Int32
    private let state = Mutex((connections: [Int32](), stopping: false))
    private let group = DispatchGroup()

    /// The script for one connection: `send` writes bytes and returns false once the peer has
    /// gone or the server stops.
    public typealias Respond = @Sendable (_ send: (_ bytes: [UInt8]) -> Bool) -> Void

    /// Listens on a free port of 127.0.0.1 and answers every connection with `respond`.
    public init(_ respond: @escaping Respond) throws {
        let listening: (descriptor: Int32, port: UInt16)
        do {
            listening = try Socket.listenOnLoopback(port: 0, backlog: 16)
        } catch {
            throw Failure(description: "cannot listen on 127.0.0.1: \(error.reason)")
        }
        let listener = listening.descriptor
        self.listener = listener
        port = listening.port
        group.enter()
        Thread { [self] in
            defer { group.leave() }
            while true {
                let connection: Int32
                switch Socket.acceptConnection(on: listener) {
                case .connection(let accepted): connection = accepted
                case .nothing: continue
                case .failed: return
                }
                let admitted = state.withLock { state in
                    guard !state.stopping else { return false }
                    state.connections.append(connection)
                    group.enter()
                    return true
                }
                guard admitted else {
                    Socket.closeDescriptor(connection)
                    return
                }
                Thread { [self] in
                    defer { group.leave() }
                    Self.readHead(connection)
                    // Once the server stops, every send says the peer has gone (even of no bytes,
                    // which a script may send to pace itself), so `stop()` waits for no script.
                    respond { bytes in
                        !state.withLock { $0.stopping } && Socket.sendAll(connection, bytes, before: .now + Self.patience)
                    }
                    Socket.shutdownBoth(connection)
                }.start()
            }
        }.start()
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Closes the listener and every connection, and waits for the threads to end.
    public func stop() {
        state.withLock { state in
            state.stopping = true
            for connection in state.connections { Socket.shutdownBoth(connection) }
        }
        Socket.shutdownBoth(listener)
        Socket.closeDescriptor(listener)
        _ = group.wait(timeout: .now() + 10)
        state.withLock { state in
            for connection in state.connections { Socket.closeDescriptor(connection) }
            state.connections = []
        }
    }

    /// The longest a script's write or the request head may take: far beyond any test's own bound.
    private static let patience = Duration.seconds(60)

    /// Reads until the end of the request head (or the peer goes away).
    private static func readHead(_ connection: Int32) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)), received.count < 65_536 {
            guard case .bytes(let count) = Socket.receive(connection, into: &chunk, before: .now + patience) else { return }
            received += chunk[..<count]
        }
    }
}
