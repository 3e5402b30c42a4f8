import Foundation
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Something on a loopback port that is not PostgreSQL: it accepts connections and either never
/// answers (`reply` nil) or sends `reply` and closes, for tests of a client facing the wrong server.
public final class LoopbackImpostor: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let state: State

    /// Listens on a free loopback port and serves from a thread of its own until deinit.
    public init(reply: [UInt8]?) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { [descriptor] in
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, listening else {
            if descriptor >= 0 { close(descriptor) }
            throw PostgresServerError(message: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let state = State(descriptor: descriptor)
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
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            if let reply {
                _ = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                close(client)
            } else {
                held.withLock { $0.append(client) }
            }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        finished.wait()
        for client in held.withLock({ $0 }) { close(client) }
        close(descriptor)
    }
}
