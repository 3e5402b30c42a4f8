import HTTPTypes

/// An `HTTPClient` that gives the whole call to its base client, retries and all, at most
/// `limit`: past it the call is cancelled and fails with `HTTPError.timedOut`. A server that
/// trickles a byte every few seconds, or accepts and never answers, cannot hold a caller longer.
///
/// The base client must end its work when its task is cancelled, as `URLSessionHTTPClient`
/// and `RetryingHTTPClient` do.
public struct DeadlineHTTPClient: HTTPClient {
    /// The longest a call may take.
    public let limit: Duration
    private let base: any HTTPClient

    /// `base` with every call bounded by `limit`.
    public init(_ base: any HTTPClient, limit: Duration) {
        self.base = base
        self.limit = limit
    }

    /// Sends through the base client; throws `HTTPError.timedOut` once `limit` passes.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { [base] in try await base.send(request) }
            group.addTask { [limit] in
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else {
                throw HTTPError.timedOut(url: request.url)
            }
            return response
        }
    }
}
