import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// An HTTP peer on 127.0.0.1 that follows a script, not the protocol: each connection is
/// handed, once its request head has arrived, to `respond` on a thread of its own, which writes
/// whatever bytes it likes, as slowly as it likes (a chunked body, a gzip bomb, a trickle, or
/// nothing at all). For testing HTTP clients against servers that misbehave. `stop()` closes
/// everything and waits for the threads.
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
        #if canImport(Darwin)
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw Failure(description: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        port = UInt16(bigEndian: address.sin_port)
        group.enter()
        Thread { [self] in
            defer { group.leave() }
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                let admitted = state.withLock { state in
                    guard !state.stopping else { return false }
                    state.connections.append(connection)
                    group.enter()
                    return true
                }
                guard admitted else {
                    close(connection)
                    return
                }
                Thread { [self] in
                    defer { group.leave() }
                    Self.readHead(connection)
                    respond { bytes in
                        bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.sendFlags) } == bytes.count
                    }
                    shutdown(connection, Int32(SHUT_RDWR))
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
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        _ = group.wait(timeout: .now() + 10)
        state.withLock { state in
            for connection in state.connections { close(connection) }
            state.connections = []
        }
    }

    #if canImport(Darwin)
        private static let sendFlags: Int32 = 0
    #else
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// Reads until the end of the request head (or the peer goes away).
    private static func readHead(_ connection: Int32) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)), received.count < 65_536 {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            received += chunk[..<count]
        }
    }
}
