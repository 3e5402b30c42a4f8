import Foundation
import Synchronization

/// A hostile HTTP peer on 127.0.0.1: each connection is handed, once its request head has
/// arrived, to `respond` on a thread of its own, which writes whatever bytes it likes, as
/// slowly as it likes. `stop()` closes everything and waits for the threads.
final class RawServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let state = Mutex((connections: [Int32](), stopping: false))
    private let group = DispatchGroup()

    /// Writes to a connection; returns false once the peer has gone or the server stops.
    typealias Respond = @Sendable (_ send: (_ bytes: [UInt8]) -> Bool) -> Void

    init(_ respond: @escaping Respond) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
            throw ChildProcess.Failure(description: "RawServer: cannot listen: \(String(cString: strerror(errno)))")
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
                        bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
                    }
                    shutdown(connection, Int32(SHUT_RDWR))
                }.start()
            }
        }.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Closes the listener and every connection, and waits for the threads to end.
    func stop() {
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
