#if os(Linux)
    import Foundation

    /// A TCP connection to 127.0.0.1 for the `serve` fault tests (Linux, like `prlimit`): blocking
    /// calls, every wait bounded by a deadline. Closed by `close()` or `deinit`.
    final class LoopbackSocket {
        private var descriptor: Int32

        /// Connects to 127.0.0.1:`port`.
        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw ChildProcess.Failure(description: "socket: \(String(cString: strerror(errno)))") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(port).bigEndian
            address.sin_addr = in_addr(s_addr: in_addr_t(0x7f00_0001).bigEndian)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                let reason = String(cString: strerror(errno))
                Glibc.close(descriptor)
                throw ChildProcess.Failure(description: "connect to 127.0.0.1:\(port): \(reason)")
            }
        }

        deinit { close() }

        /// Sends `text` without waiting for room; false if the connection is gone or full.
        @discardableResult
        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            let sent = Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            return sent == bytes.count
        }

        /// Whether the server has sent something or closed (without waiting).
        var hasInput: Bool {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) > 0
        }

        /// What the server sends until it closes the connection, or until `deadline`; `closed`
        /// tells which.
        func readToEnd(before deadline: ContinuousClock.Instant) -> (text: String, closed: Bool) {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return (String(decoding: received, as: UTF8.self), false) }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
                guard ready > 0 else { continue }
                let count = recv(descriptor, &chunk, chunk.count, 0)
                if count > 0 {
                    received += chunk[..<count]
                } else if count == 0 || errno != EINTR {
                    return (String(decoding: received, as: UTF8.self), true)
                }
            }
        }

        /// Closes the connection; safe to call twice.
        func close() {
            if descriptor >= 0 {
                Glibc.close(descriptor)
                descriptor = -1
            }
        }

        /// Sends a GET for `target` on a new connection and returns the response, or what arrived
        /// of it by `timeout` (empty if nothing did).
        static func get(_ target: String, port: UInt16, timeout: Duration) throws -> String {
            let connection = try LoopbackSocket(port: port)
            connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection.readToEnd(before: .now + timeout).text
        }
    }
#endif
