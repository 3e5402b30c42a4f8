import Foundation
import Sockets

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
            defer { Socket.closeDescriptor(descriptor) }
            let started = ContinuousClock.now
            for byte in Array(text.utf8) {
                if Socket.waitUntilReadable(descriptor, until: .now + interval) { break }
                Socket.sendAll(descriptor, [byte], before: .now + patience)
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
            defer { Socket.closeDescriptor(descriptor) }
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

    /// The longest any read or write here waits.
    private static let patience = Duration.seconds(30)

    /// A connection to 127.0.0.1:`port` that sends nothing; the caller closes it.
    static func openIdle(port: UInt16) throws -> Int32 {
        try connected(to: port)
    }

    /// Whether connecting to 127.0.0.1:`port` is refused now (nothing listens there).
    static func isRefused(port: UInt16) -> Bool {
        switch Socket.connect(host: "127.0.0.1", port: port, before: .now + patience) {
        case .success(let descriptor):
            Socket.closeDescriptor(descriptor)
            return false
        case .failure(let failure):
            return failure != .timedOut
        }
    }

    /// Sends each of `requests` on one connection to 127.0.0.1:`port`, waiting for each
    /// response (its head and `Content-Length` body) before the next; returns the responses, and
    /// whether the server then closed the connection (within 30 s). The caller's thread blocks.
    static func conversation(port: UInt16, _ requests: [String]) throws -> (responses: [String], closedAfter: Bool) {
        let descriptor = try connected(to: port)
        defer { Socket.closeDescriptor(descriptor) }
        var pending: [UInt8] = []
        var responses: [String] = []
        for request in requests {
            send(request, to: descriptor)
            guard let response = readResponse(descriptor, pending: &pending) else { break }
            responses.append(response)
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let closed = pending.isEmpty && Socket.receive(descriptor, into: &buffer, before: .now + patience) == .end
        return (responses, closed)
    }

    /// One response read from `descriptor` after `pending`; nil when the connection ends first.
    private static func readResponse(_ descriptor: Int32, pending: inout [UInt8]) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: pending, as: UTF8.self)
            if let blank = text.range(of: "\r\n\r\n") {
                let head = text[..<blank.lowerBound]
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let total = text.utf8.distance(from: text.startIndex, to: blank.upperBound) + length
                if pending.count >= total {
                    defer { pending.removeFirst(total) }
                    return String(decoding: pending[..<total], as: UTF8.self)
                }
            }
            guard case .bytes(let count) = Socket.receive(descriptor, into: &buffer, before: .now + patience) else { return nil }
            pending += buffer[..<count]
        }
    }

    /// `exchange` on the calling thread.
    static func blockingExchange(port: UInt16, _ text: String) throws -> String {
        let descriptor = try connected(to: port)
        defer { Socket.closeDescriptor(descriptor) }
        send(text, to: descriptor)
        Socket.shutdownWrite(descriptor)
        return readToEnd(descriptor)
    }

    /// A socket connected to 127.0.0.1:`port`, with a receive buffer of `receiveBuffer` bytes when given.
    private static func connected(to port: UInt16, receiveBuffer: Int32? = nil) throws -> Int32 {
        let options = Socket.ConnectOptions(receiveBuffer: receiveBuffer)
        switch Socket.connect(host: "127.0.0.1", port: port, before: .now + patience, options: options) {
        case .success(let descriptor): return descriptor
        case .failure(let failure): throw Failure(description: "connect to 127.0.0.1:\(port) failed: \(failure)")
        }
    }

    private static func send(_ text: String, to descriptor: Int32) {
        Socket.sendAll(descriptor, Array(text.utf8), before: .now + patience)
    }

    /// What arrives until the server closes (or 1 MiB, or 30 s of silence).
    static func readToEnd(_ descriptor: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 1 << 20, case .bytes(let count) = Socket.receive(descriptor, into: &buffer, before: .now + patience) {
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
