import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A bare TCP client for sending bytes no well-behaved HTTP client would send: `exchange`
/// connects to 127.0.0.1:`port`, writes `text`, ends its writing side, and reads until the
/// server closes; `trickle` sends slowly; `sendWithoutReading` never reads the answer.
/// The blocking calls run on threads of their own, never on the tasks' cooperative pool.
enum RawConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(port: UInt16, _ text: String) async throws -> String {
        try await onOwnThread { try blockingExchange(port: port, text) }
    }

    /// Connects to 127.0.0.1:`port` and sends `text` one byte every `interval` until the server
    /// answers or closes; returns what it answered and how long after connecting.
    static func trickle(port: UInt16, _ text: String, every interval: Duration) async throws -> (response: String, after: Duration) {
        try await onOwnThread {
            let descriptor = try connected(to: port)
            defer { close(descriptor) }
            let started = ContinuousClock.now
            for byte in Array(text.utf8) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, Int32(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)) > 0
                {
                    break
                }
                _ = withUnsafeBytes(of: byte) { write(descriptor, $0.baseAddress, 1) }
            }
            let response = readToEnd(descriptor)
            return (response, ContinuousClock.now - started)
        }
    }

    /// Connects to 127.0.0.1:`port` with a small receive buffer (so the kernel cannot take in a
    /// large answer for it), sends `text` and keeps the connection open without reading a byte
    /// of the answer until `release` is signalled, or for at most `longest`.
    static func sendWithoutReading(port: UInt16, _ text: String, until release: DispatchSemaphore, longest: Duration) async throws {
        try await onOwnThread {
            let descriptor = try connected(to: port, receiveBuffer: 4096)
            defer { close(descriptor) }
            send(text, to: descriptor)
            _ = release.wait(timeout: .now() + .milliseconds(Int(longest.components.seconds * 1000)))
        }
    }

    /// Runs `body` on a thread of its own: Dispatch's global queues share their few threads
    /// with Swift concurrency on Linux, so seconds of blocking there would starve other tests.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    private static func blockingExchange(port: UInt16, _ text: String) throws -> String {
        let descriptor = try connected(to: port)
        defer { close(descriptor) }
        send(text, to: descriptor)
        shutdown(descriptor, Int32(SHUT_WR))
        return readToEnd(descriptor)
    }

    /// A socket connected to 127.0.0.1:`port` whose reads give up after 30 s, with a receive
    /// buffer of `receiveBuffer` bytes when given.
    private static func connected(to port: UInt16, receiveBuffer: Int32? = nil) throws -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval()
        timeout.tv_sec = 30
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
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
            close(descriptor)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed")
        }
        return descriptor
    }

    private static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard sent > 0 else { break }
            offset += sent
        }
    }

    private static func readToEnd(_ descriptor: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
