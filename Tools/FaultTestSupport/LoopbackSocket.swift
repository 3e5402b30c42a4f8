#if os(Linux)
    import Foundation
    import Sockets

    /// A TCP connection to 127.0.0.1 for the `serve` fault tests (Linux, like `prlimit`): every
    /// wait bounded by a deadline. Closed by `close()` or `deinit`.
    package final class LoopbackSocket {
        private var descriptor: Int32
        /// Bytes read past the end of the last response `readResponse` returned.
        private var pending: [UInt8] = []

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

        /// Reads one response: its head, then as many body bytes as its `Content-Length` says; nil
        /// when the connection ends or `deadline` passes before it is complete.
        package func readResponse(before deadline: ContinuousClock.Instant) -> (head: String, body: [UInt8])? {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var headEnd: Int?
            var bodyLength = 0
            while true {
                if headEnd == nil, let end = Self.blankLine(in: pending) {
                    headEnd = end
                    let head = String(decoding: pending[..<end], as: UTF8.self)
                    let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    bodyLength = lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                }
                if let end = headEnd, pending.count >= end + 4 + bodyLength {
                    let head = String(decoding: pending[..<end], as: UTF8.self)
                    let body = Array(pending[(end + 4)..<(end + 4 + bodyLength)])
                    pending.removeSubrange(..<(end + 4 + bodyLength))
                    return (head, body)
                }
                guard case .bytes(let count) = Socket.receive(descriptor, into: &chunk, before: deadline) else { return nil }
                pending += chunk[..<count]
            }
        }

        /// Where `bytes` hold CRLF CRLF, if they do.
        private static func blankLine(in bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
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
            connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return connection.readToEnd(before: .now + timeout).text
        }
    }
#endif
