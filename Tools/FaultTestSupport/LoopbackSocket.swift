#if os(Linux)
    import Foundation
    import Sockets

    /// A TCP connection to 127.0.0.1 for the `serve` fault tests (Linux, like `prlimit`): every
    /// wait bounded by a deadline. Closed by `close()` or `deinit`.
    package final class LoopbackSocket {
        private var descriptor: Int32

        /// Connects to 127.0.0.1:`port`.
        package init(port: UInt16) throws {
            switch Socket.connect(host: "127.0.0.1", port: port, before: .now + .seconds(10)) {
            case .success(let connected): descriptor = connected
            case .failure(let failure): throw SpawnedChild.Failure(description: "connect to 127.0.0.1:\(port): \(failure)")
            }
        }

        deinit { close() }

        /// Sends `text` without waiting for room; false if the connection is gone or full.
        @discardableResult
        package func send(_ text: String) -> Bool {
            Socket.write(descriptor, Array(text.utf8), before: .now) == .all
        }

        /// Whether the server has sent something or closed (without waiting).
        package var hasInput: Bool {
            Socket.isReadable(descriptor)
        }

        /// What the server sends until it closes the connection, or until `deadline`; `closed`
        /// tells which.
        package func readToEnd(before deadline: ContinuousClock.Instant) -> (text: String, closed: Bool) {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                switch Socket.receive(descriptor, into: &chunk, before: deadline) {
                case .bytes(let count): received += chunk[..<count]
                case .timedOut: return (String(decoding: received, as: UTF8.self), false)
                case .end, .failed: return (String(decoding: received, as: UTF8.self), true)
                }
            }
        }

        /// Closes the connection; safe to call twice.
        package func close() {
            if descriptor >= 0 {
                Socket.closeDescriptor(descriptor)
                descriptor = -1
            }
        }

        /// Sends a GET for `target` on a new connection and returns the response, or what arrived
        /// of it by `timeout` (empty if nothing did).
        package static func get(_ target: String, port: UInt16, timeout: Duration) throws -> String {
            let connection = try LoopbackSocket(port: port)
            connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection.readToEnd(before: .now + timeout).text
        }
    }
#endif
