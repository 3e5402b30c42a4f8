import Foundation
import Sockets

/// Reads an HTTP/1.x response from a connected socket for `PlainHTTPClient`: the head, then a
/// body by length, in chunks or to the end, never more than it was told to accept. Every read
/// waits at most the idle time-out and checks for cancellation every tenth of a second.
struct PlainHTTPReader {
    private let descriptor: Int32
    private let url: URL
    private let idleTimeout: Duration
    private let isCancelled: @Sendable () -> Bool
    private var buffer: [UInt8] = []
    private var position = 0
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(descriptor: Int32, url: URL, idleTimeout: Duration, isCancelled: @escaping @Sendable () -> Bool) {
        self.descriptor = descriptor
        self.url = url
        self.idleTimeout = idleTimeout
        self.isCancelled = isCancelled
    }

    /// The status line and headers, which must end within `maxBytes`.
    mutating func head(maxBytes: Int) throws -> HTTPResponseHead {
        let terminator = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstIndex(of: terminator, from: position) {
                guard end - position <= maxBytes else { break }
                defer { position = end + terminator.count }
                switch HTTPResponseHead.parse(buffer[position..<end]) {
                case .success(let head): return head
                case .failure(let malformed): throw HTTPError.transport(url: url, reason: "the answer is not HTTP: \(malformed.reason)")
                }
            }
            guard buffer.count - position <= maxBytes else { break }
            guard try fill() else {
                throw HTTPError.transport(url: url, reason: "the connection closed before the response head was complete")
            }
        }
        throw HTTPError.transport(url: url, reason: "the response head is larger than \(maxBytes) bytes")
    }

    /// Exactly `count` bytes of body.
    mutating func bytes(count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - position < count {
            guard try fill() else {
                throw HTTPError.transport(
                    url: url, reason: "the connection closed \(buffer.count - position) bytes into a \(count)-byte body")
            }
        }
        defer { position += count }
        return buffer[position..<position + count]
    }

    /// Everything until the server closes, at most `maxBytes`.
    mutating func bytesUntilEnd(maxBytes: Int) throws -> ArraySlice<UInt8> {
        while try fill() {
            guard buffer.count - position <= maxBytes else { throw HTTPError.responseTooLarge(url: url, limit: maxBytes) }
        }
        defer { position = buffer.count }
        return buffer[position...]
    }

    /// A `Transfer-Encoding: chunked` body, decoded, at most `maxBytes`.
    mutating func chunkedBody(maxBytes: Int) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try line(maxBytes: 1024)
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first.map { String($0).filter { $0 != " " } } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                throw HTTPError.transport(url: url, reason: "'\(sizeLine.prefix(20))' is not a chunk size")
            }
            if size == 0 { break }
            guard body.count + size <= maxBytes else { throw HTTPError.responseTooLarge(url: url, limit: maxBytes) }
            body += try bytes(count: size)
            guard try line(maxBytes: 2).isEmpty else {
                throw HTTPError.transport(url: url, reason: "a chunk does not end where its size says")
            }
        }
        while try !line(maxBytes: 8 * 1024).isEmpty {}
        return body
    }

    /// The next line, without its CRLF.
    private mutating func line(maxBytes: Int) throws -> String {
        let terminator = Array("\r\n".utf8)
        while true {
            if let end = buffer.firstIndex(of: terminator, from: position) {
                guard end - position <= maxBytes else { break }
                defer { position = end + terminator.count }
                return String(decoding: buffer[position..<end], as: UTF8.self)
            }
            guard buffer.count - position <= maxBytes, try fill() else { break }
        }
        throw HTTPError.transport(url: url, reason: "the chunked body is malformed")
    }

    /// Reads more into the buffer; false at the end of the stream.
    private mutating func fill() throws -> Bool {
        if position > 0 && position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        }
        let idleDeadline = ContinuousClock.now + idleTimeout
        while true {
            if isCancelled() { throw CancellationError() }
            switch Socket.receive(descriptor, into: &chunk, before: min(idleDeadline, .now + .milliseconds(100))) {
            case .bytes(let count):
                buffer += chunk[..<count]
                return true
            case .end:
                return false
            case .failed(let reason):
                throw HTTPError.transport(url: url, reason: "the connection failed: \(reason)")
            case .timedOut:
                if ContinuousClock.now >= idleDeadline { throw HTTPError.timedOut(url: url) }
            }
        }
    }
}
