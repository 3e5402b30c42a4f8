import HTTPServer
import HTTPTypes
import Synchronization

/// A server-side double for `LoopbackHTTPServer`: answers requests with queued responses in
/// order, then by its fallback, and records every request it saw (a stub and a spy in one).
public final class HTTPHandlerStub: Sendable {
    private struct State {
        var queue: [HTTPResponse]
        var requests: [HTTPRequest] = []
    }

    private let state: Mutex<State>
    private let fallback: LoopbackHTTPServer.Handler

    /// Answers with `responses`, in order, and with `fallback` once they run out.
    public convenience init(_ responses: [HTTPResponse] = [], then fallback: HTTPResponse) {
        self.init(responses, then: { _ in fallback })
    }

    /// Answers with `responses`, in order, and hands later requests to `fallback`.
    public init(_ responses: [HTTPResponse] = [], then fallback: @escaping LoopbackHTTPServer.Handler) {
        state = Mutex(State(queue: responses))
        self.fallback = fallback
    }

    /// Answers `request`; pass `stub.handle` as the server's handler.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let queued: HTTPResponse? = state.withLock { state in
            state.requests.append(request)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        if let queued { return queued }
        return await fallback(request)
    }

    /// The requests seen so far, in order of arrival.
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }
}
