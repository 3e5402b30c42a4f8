import Foundation
import HTTPTypes
import Sockets

/// HTTP/1.1 on a connected socket, as much as `LoopbackHTTPServer` needs: one request read
/// (request line with an origin- or absolute-form target, headers with one valid `Host`, a
/// `Content-Length` body; lines end in CRLF, a bare LF or CR is refused at once) and one
/// response written.
package enum HTTPWire {
    /// What reading a connection gave.
    package enum Incoming {
        /// A well-formed request.
        case request(HTTPRequest)
        /// A request the server refuses with `status` before the handler sees it.
        case rejected(status: Int, reason: String)
        /// The peer closed or went quiet before sending anything.
        case closed
    }

    package static let maxHeadBytes = 64 * 1024
    package static let maxBodyBytes = 1024 * 1024
    private static let headTerminator: [UInt8] = Array("\r\n\r\n".utf8)

    /// A request and what reading it leaves for the connection.
    package struct Reading {
        /// The request, a refusal, or nothing.
        package var incoming: Incoming
        /// Whether the client lets the connection carry another request: a well-formed HTTP/1.1
        /// request without `Connection: close`.
        package var persistent: Bool
        /// Bytes read past the request's end: the start of the next one (pipelining).
        package var leftover: [UInt8]
    }

    /// Reads one request from `descriptor`, starting with `carried` (bytes a previous read left),
    /// naming it as a URL on 127.0.0.1:`port`; the whole request must arrive before `deadline`
    /// (a request cut off by it gets a 408).
    package static func readRequest(
        from descriptor: Int32, port: UInt16, before deadline: ContinuousClock.Instant, carried: [UInt8]
    ) -> Reading {
        readRequest(
            port: port, carried: carried, receive: { Socket.receive(descriptor, into: &$0, before: deadline) },
            sendContinue: { Socket.sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), before: deadline) })
    }

    /// Reads one request from what `receive` reads (as `Socket.receive` does, `.timedOut` at the
    /// deadline), a head of at most `maxHeadBytes` and a body of at most `maxBodyBytes`;
    /// `sendContinue` answers `Expect: 100-continue`. The socket's reader, and the fuzz target's.
    /// The request's `url` is on 127.0.0.1:`port`, its `target` the path and query as sent.
    package static func readRequest(
        port: UInt16, maxHeadBytes: Int = HTTPWire.maxHeadBytes, maxBodyBytes: Int = HTTPWire.maxBodyBytes,
        receive: (inout [UInt8]) -> Socket.Received, sendContinue: () -> Void
    ) -> Incoming {
        readRequest(
            port: port, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes, carried: [], receive: receive, sendContinue: sendContinue
        ).incoming
    }

    /// `readRequest(port:maxHeadBytes:maxBodyBytes:receive:sendContinue:)` starting with
    /// `carried`, and telling whether the connection may carry another request and what was
    /// read past this one.
    package static func readRequest(
        port: UInt16, maxHeadBytes: Int = HTTPWire.maxHeadBytes, maxBodyBytes: Int = HTTPWire.maxBodyBytes, carried: [UInt8],
        receive: (inout [UInt8]) -> Socket.Received, sendContinue: () -> Void
    ) -> Reading {
        var received = carried
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var headEnd: Int
        var lineEnds = BareLineEndScanner()
        var unread = !carried.isEmpty
        let closing = { (incoming: Incoming) in Reading(incoming: incoming, persistent: false, leftover: []) }
        while true {
            var searchStart = 0
            if !unread {
                let count: Int
                switch receive(&chunk) {
                case .bytes(let read): count = read
                case .end where !received.isEmpty:
                    return closing(.rejected(status: 400, reason: "The request ended before its head was complete."))
                case .timedOut where !received.isEmpty: return closing(lateRequest)
                case .end, .failed, .timedOut: return closing(.closed)
                }
                searchStart = max(0, received.count - headTerminator.count + 1)
                received += chunk[0..<count]
            }
            unread = false
            let end = received.firstIndex(of: headTerminator, from: searchStart)
            // Line ends are checked up to the blank line, or as far as the bound lets a head go
            // (the same bytes however the stream is cut into reads).
            if let fault = lineEnds.fault(in: received, before: min(end ?? received.count, maxHeadBytes + headTerminator.count - 1)) {
                return closing(.rejected(status: 400, reason: fault))
            }
            // Without the blank line yet, up to three bytes more may be its start, still arriving.
            guard end.map({ $0 <= maxHeadBytes }) ?? (received.count < maxHeadBytes + headTerminator.count) else {
                return closing(.rejected(status: 431, reason: "The request head is larger than \(maxHeadBytes) bytes."))
            }
            if let end {
                headEnd = end
                break
            }
        }
        let head: Head
        switch parseHead(received[..<headEnd], maxBodyBytes: maxBodyBytes) {
        case .success(let parsed): head = parsed
        case .failure(let rejection): return closing(.rejected(status: rejection.status, reason: rejection.reason))
        }
        guard let url = URL(string: "http://127.0.0.1:\(port)\(RequestTarget.encodedForURL(head.target))", encodingInvalidCharacters: false)
        else {
            return closing(.rejected(status: 400, reason: "The request target '\(head.target.prefix(100))' is not a URL path."))
        }
        var body = Array(received[(headEnd + headTerminator.count)...])
        if body.count < head.contentLength, head.expectsContinue {
            sendContinue()
        }
        while body.count < head.contentLength {
            switch receive(&chunk) {
            case .bytes(let count): body += chunk[0..<count]
            case .timedOut: return closing(lateRequest)
            case .end, .failed:
                return closing(.rejected(status: 400, reason: "The request ended before its \(head.contentLength)-byte body was complete."))
            }
        }
        let request = HTTPRequest(
            method: head.method, url: url, headers: head.headers, body: Data(body.prefix(head.contentLength)), target: head.target)
        return Reading(incoming: .request(request), persistent: head.persistent, leftover: Array(body.dropFirst(head.contentLength)))
    }

    /// A request that had not fully arrived by its deadline.
    private static let lateRequest = Incoming.rejected(
        status: 408, reason: "The request did not arrive in full within the server's time limit.")

    /// The bytes of `response` as an answer to a `method` request: status line, headers with
    /// `Content-Length` and `Connection` (`keep-alive` when `keepingAlive`, else `close`), and
    /// the body where HTTP allows one. An answer
    /// to HEAD has no body; its `Content-Length` is its body's size, or when it has none, the
    /// size its own `Content-Length` gives (the body a GET would have had).
    package static func bytes(of response: HTTPResponse, forMethod method: String, keepingAlive: Bool = false) -> [UInt8] {
        let status = response.statusCode
        let bodyAllowed = !((100..<200).contains(status) || status == 204 || status == 304)
        var head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where !managedHeaders.contains(name.lowercased()) && isToken(name) {
            head += "\(name): \(value.removingScalars(in: "\r\n"))\r\n"
        }
        if bodyAllowed {
            let declared = response.header("Content-Length").flatMap { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int($0) : nil }
            let length = method == "HEAD" && response.body.isEmpty ? declared ?? 0 : response.body.count
            head += "Content-Length: \(length)\r\n"
        }
        head += keepingAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if bodyAllowed && method != "HEAD" {
            bytes += response.body
        }
        return bytes
    }

    /// The response a `rejected` request gets: the status and the reason as plain text.
    package static func rejection(status: Int, reason: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data("\(reasonPhrase(status)): \(reason)\n".utf8))
    }

    /// The standard reason phrase of `status`.
    package static func reasonPhrase(_ status: Int) -> String {
        reasonPhrases[status] ?? (status < 400 ? "OK" : status < 500 ? "Client Error" : "Server Error")
    }

    private static let reasonPhrases = [
        100: "Continue", 200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently",
        302: "Found", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
        413: "Content Too Large", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]

    /// Headers the server writes itself.
    private static let managedHeaders: Set<String> = ["content-length", "connection", "transfer-encoding"]

    private struct Head {
        var method: String
        var target: String
        var headers: [String: String]
        var contentLength: Int

        var version: String

        /// Whether the client lets the connection carry another request: HTTP/1.1 without a
        /// `close` token in `Connection` (HTTP/1.0 connections end after one request).
        var persistent: Bool {
            guard version == "HTTP/1.1" else { return false }
            let tokens = headers.filter { $0.key.lowercased() == "connection" }.flatMap { $0.value.split(separator: ",") }
            return !tokens.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }

        /// Whether the client waits for `100 Continue` before sending the body.
        var expectsContinue: Bool {
            headers.contains { $0.key.lowercased() == "expect" && $0.value.lowercased() == "100-continue" }
        }
    }

    private struct Rejection: Error {
        let status: Int
        let reason: String
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>, maxBodyBytes: Int) -> Result<Head, Rejection> {
        // Decoding would turn bytes that are not UTF-8 into U+FFFD, a target the client never sent.
        let requestLineEnd = bytes.firstIndex(of: UInt8(ascii: "\r")) ?? bytes.endIndex
        guard String(validating: bytes[..<requestLineEnd], as: UTF8.self) != nil else {
            return .failure(Rejection(status: 400, reason: "The request line is not valid UTF-8."))
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard requestLine.count == 3, isToken(requestLine[0]), !requestLine[1].isEmpty else {
            return .failure(Rejection(status: 400, reason: "'\(lines[0].prefix(100))' is not an HTTP request line."))
        }
        let version = requestLine[2]
        guard version.hasPrefix("HTTP/") else {
            return .failure(Rejection(status: 400, reason: "'\(version.prefix(20))' is not an HTTP version."))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Rejection(status: 505, reason: "Only HTTP/1.0 and HTTP/1.1 are served, not \(version.prefix(20))."))
        }
        guard let target = RequestTarget.originForm(of: requestLine[1]) else {
            return .failure(
                Rejection(status: 400, reason: "The request target '\(requestLine[1].prefix(100))' is neither a path nor an http:// URL."))
        }
        var headers: [String: String] = [:]
        var hosts: [String] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), isToken(String(line[..<colon])) else {
                return .failure(Rejection(status: 400, reason: "'\(line.prefix(100))' is not a header field."))
            }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            if name.lowercased() == "host" { hosts.append(value) }
        }
        // RFC 9112 §3.2: one Host, a valid one, and in HTTP/1.1 always.
        guard hosts.count <= 1 else {
            return .failure(Rejection(status: 400, reason: "The request has \(hosts.count) Host fields; it must have one."))
        }
        if hosts.isEmpty && version == "HTTP/1.1" {
            return .failure(Rejection(status: 400, reason: "An HTTP/1.1 request must have a Host field."))
        }
        if let host = hosts.first, RequestTarget.hostName(of: host[...]) == nil {
            return .failure(Rejection(status: 400, reason: "The Host field '\(host.prefix(100))' is not a host and port."))
        }
        // Fields under more than one spelling are joined, never one of them picked by the dictionary's order.
        let field = { (name: String) -> String? in
            let values = headers.filter { $0.key.lowercased() == name }.sorted { $0.key < $1.key }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        if field("transfer-encoding") != nil {
            return .failure(Rejection(status: 501, reason: "Transfer-Encoding is not supported; send a Content-Length."))
        }
        let lengthText = field("content-length") ?? "0"
        guard !lengthText.isEmpty, lengthText.allSatisfy(\.isASCII), lengthText.allSatisfy(\.isNumber), let length = Int(lengthText) else {
            return .failure(Rejection(status: 400, reason: "Content-Length '\(lengthText.prefix(20))' is not a byte count."))
        }
        guard length <= maxBodyBytes else {
            return .failure(Rejection(status: 413, reason: "The body is larger than \(maxBodyBytes) bytes."))
        }
        return .success(Head(method: requestLine[0], target: target, headers: headers, contentLength: length, version: version))
    }

    /// Whether `text` is an HTTP token (a method or header name).
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x21...0x7e).contains($0) && !separators.contains($0) }
    }

    private static let separators = Set("\"(),/:;<=>?@[\\]{}".utf8)
}
