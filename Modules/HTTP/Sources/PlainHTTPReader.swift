import Foundation
import HTTPTypes
import Sockets

/// Reads an HTTP/1.x response for `PlainHTTPClient`: the head, then a body by length, in chunks
/// or to the end, never more than it was told to accept. Every read waits at most the idle
/// time-out and checks for cancellation every tenth of a second.
package struct PlainHTTPReader {
    /// Reads what arrives into the buffer, waiting no later than the deadline, as `Socket.receive` does.
    package typealias Receive = (inout [UInt8], ContinuousClock.Instant) -> Socket.Received

    private let receive: Receive
    private let url: URL
    private let idleTimeout: Duration
    private let isCancelled: @Sendable () -> Bool
    private var buffer: [UInt8] = []
    private var position = 0
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// A reader of the response to a request for `url` that `receive` reads (a socket's, or a fuzz target's bytes).
    package init(url: URL, idleTimeout: Duration, isCancelled: @escaping @Sendable () -> Bool, receive: @escaping Receive) {
        self.receive = receive
        self.url = url
        self.idleTimeout = idleTimeout
        self.isCancelled = isCancelled
    }

    /// The response to a `method` request: a head of at most `maxHeadBytes`, then a body of at most `maxBodyBytes`.
    package mutating func response(to method: String, maxHeadBytes: Int, maxBodyBytes: Int) throws -> HTTPResponse {
        let head = try head(maxBytes: maxHeadBytes)
        return HTTPResponse(
            statusCode: head.statusCode, headers: head.headers, body: try body(after: head, to: method, maxBytes: maxBodyBytes))
    }

    private mutating func body(after head: HTTPResponseHead, to method: String, maxBytes: Int) throws -> Data {
        if method == "HEAD" || (100..<200).contains(head.statusCode) || head.statusCode == 204 || head.statusCode == 304 {
            return Data()
        }
        if let encoding = head.header("Content-Encoding"), encoding.lowercased() != "identity" {
            throw HTTPError.malformedResponse(
                status: head.statusCode, reason: "it is \(encoding)-encoded, which was not asked for (Accept-Encoding: identity)", url: url)
        }
        if let transfer = head.header("Transfer-Encoding") {
            guard transfer.lowercased() == "chunked" else {
                throw HTTPError.malformedResponse(
                    status: head.statusCode, reason: "its Transfer-Encoding '\(transfer)' is not supported", url: url)
            }
            return Data(try chunkedBody(maxBytes: maxBytes))
        }
        if let lengthText = head.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else {
                throw HTTPError.malformedResponse(
                    status: head.statusCode, reason: "Content-Length '\(lengthText.prefix(20))' is not a byte count", url: url)
            }
            guard length <= maxBytes else { throw HTTPError.responseTooLarge(url: url, limit: maxBytes) }
            return Data(try bytes(count: length))
        }
        return Data(try bytesUntilEnd(maxBytes: maxBytes))
    }

    /// The status line and headers, which must end within `maxBytes`.
    private mutating func head(maxBytes: Int) throws -> HTTPResponseHead {
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
            // Up to three bytes more may be the start of the blank line still arriving.
            guard buffer.count - position < maxBytes + terminator.count else { break }
            guard try fill() else {
                throw HTTPError.transport(url: url, reason: "the connection closed before the response head was complete")
            }
        }
        throw HTTPError.transport(url: url, reason: "the response head is larger than \(maxBytes) bytes")
    }

    /// Exactly `count` bytes of body.
    private mutating func bytes(count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - position < count {
            guard try fill() else {
                throw HTTPError.transport(
                    url: url, reason: "the connection closed \(buffer.count - position) bytes into a \(count)-byte body")
            }
        }
        defer { position += count }
        return buffer[position..<position + count]
    }

    /// Everything until the server closes, at most `maxBytes`, counting what came with the head.
    private mutating func bytesUntilEnd(maxBytes: Int) throws -> ArraySlice<UInt8> {
        repeat {
            guard buffer.count - position <= maxBytes else { throw HTTPError.responseTooLarge(url: url, limit: maxBytes) }
        } while try fill()
        defer { position = buffer.count }
        return buffer[position...]
    }

    /// A `Transfer-Encoding: chunked` body, decoded, at most `maxBytes`.
    private mutating func chunkedBody(maxBytes: Int) throws -> [UInt8] {
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
            // A byte more may be the CR of a CRLF still arriving.
            guard buffer.count - position < maxBytes + terminator.count, try fill() else { break }
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
            switch receive(&chunk, min(idleDeadline, .now + .milliseconds(100))) {
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
