import HTTPTypes
import Synchronization

/// An `HTTPClient` double: answers each call with the next queued result and records every
/// request it was sent (a stub and a spy in one).
public final class HTTPClientStub: HTTPClient {
    private struct State {
        var queue: [Result<HTTPResponse, any Error>]
        var requests: [HTTPRequest] = []
    }

    /// Thrown when a call arrives after the queue ran out.
    public struct QueueExhausted: Error, CustomStringConvertible {
        /// The request that found the queue empty.
        public let request: HTTPRequest
        /// Names the request's URL.
        public var description: String { "HTTPClientStub has no result left for \(request.url)" }
    }

    private let state: Mutex<State>

    /// A stub answering calls, in order, with `results`.
    public init(_ results: [Result<HTTPResponse, any Error>]) {
        state = Mutex(State(queue: results))
    }

    /// A stub answering calls, in order, with `responses`.
    public convenience init(responses: [HTTPResponse]) {
        self.init(responses.map { .success($0) })
    }

    /// The next queued response or error; records `request`, and throws `QueueExhausted` once the queue is empty.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let next: Result<HTTPResponse, any Error>? = state.withLock { state in
            state.requests.append(request)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        guard let next else { throw QueueExhausted(request: request) }
        return try next.get()
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }
}
