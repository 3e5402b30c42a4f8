import Foundation
import HTTPTypes
import Sockets
import Synchronization

/// An `HTTPClient` for `http://` URLs over a plain TCP socket: HTTP/1.1, one request per
/// connection, `Accept-Encoding: identity`.
///
/// Unlike URLSession on Linux, which always inflates a compressed body before anyone can see
/// its size, it never inflates: a body the server compressed although it was not asked to is
/// refused as malformed, so `maxResponseBytes` bounds memory as well as the answer. Silence
/// longer than `timeout` fails with `HTTPError.timedOut`; cancelling the calling task ends
/// the call within a tenth of a second. The exchange runs on a thread of its own, never on
/// the shared concurrency pool.
public struct PlainHTTPClient: HTTPClient {
    /// The longest the server may stay silent: while connecting, sending or between reads.
    public let timeout: Duration
    /// The most bytes of body a response may carry.
    public let maxResponseBytes: Int

    /// A client that gives up after `timeout` seconds of silence or `maxResponseBytes`.
    public init(timeout: TimeInterval = 30, maxResponseBytes: Int = URLSessionHTTPClient.defaultMaxResponseBytes) {
        self.timeout = .milliseconds(Int64(timeout * 1000))
        self.maxResponseBytes = maxResponseBytes
    }

    /// Sends over a connection of its own, within the time-out and the size limit.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exchange = PlainHTTPExchange(request: request, idleTimeout: timeout, maxResponseBytes: maxResponseBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let started = DetachedThread.start { continuation.resume(with: Result { try exchange.run() }) }
                if !started {
                    continuation.resume(
                        throwing: HTTPError.transport(url: request.url, reason: "no thread could be started for the request"))
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}

/// One request and its response on a fresh connection, run by `PlainHTTPClient`.
final class PlainHTTPExchange: Sendable {
    private let request: HTTPRequest
    private let idleTimeout: Duration
    private let maxResponseBytes: Int
    private let cancelled = Mutex(false)

    /// The longest response head read.
    static let maxHeadBytes = 64 * 1024

    init(request: HTTPRequest, idleTimeout: Duration, maxResponseBytes: Int) {
        self.request = request
        self.idleTimeout = idleTimeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Makes the exchange end at its next check, with `CancellationError`.
    func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// Connects, sends the request and reads the response; throws `HTTPError` or `CancellationError`.
    func run() throws -> HTTPResponse {
        let url = request.url
        guard url.scheme?.lowercased() == "http", let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw HTTPError.transport(url: url, reason: "only http:// URLs can be sent over a plain socket")
        }
        let descriptor: Int32
        switch Socket.connect(host: host, port: UInt16(clamping: url.port ?? 80), before: .now + idleTimeout) {
        case .success(let connected): descriptor = connected
        case .failure(.timedOut): throw HTTPError.timedOut(url: url)
        case .failure(let failure): throw HTTPError.transport(url: url, reason: failure.description)
        }
        defer { Socket.closeDescriptor(descriptor) }
        guard Socket.sendAll(descriptor, request.plainHTTPBytes(host: host), before: .now + idleTimeout) else {
            throw HTTPError.transport(url: url, reason: "the server did not take the request")
        }
        var reader = PlainHTTPReader(
            url: url, idleTimeout: idleTimeout,
            isCancelled: { [self] in
                cancelled.withLock { $0 }
            },
            receive: { Socket.receive(descriptor, into: &$0, before: $1) })
        return try reader.response(to: request.method, maxHeadBytes: Self.maxHeadBytes, maxBodyBytes: maxResponseBytes)
    }
}

extension HTTPRequest {
    /// The request as `PlainHTTPClient` sends it to `host`: HTTP/1.1, the caller's headers, then the ones the client manages.
    package func plainHTTPBytes(host: String) -> [UInt8] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        let authority = url.port.map { "\(host):\($0)" } ?? host
        var head = "\(method) \(path.isEmpty ? "/" : path)\(query) HTTP/1.1\r\nHost: \(authority)\r\n"
        let managed: Set<String> = ["host", "connection", "content-length", "accept-encoding", "transfer-encoding"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !managed.contains(name.lowercased()) {
            head += "\(name.removingScalars(in: "\r\n:")): \(value.removingScalars(in: "\r\n"))\r\n"
        }
        head += "Accept-Encoding: identity\r\nConnection: close\r\n"
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
