import Foundation
import HTTPTypes

/// An `HTTPClient` decorator that retries what may succeed later (429, 5xx, transport failures,
/// time-outs) as its `RetryPolicy` says, and returns or throws the last outcome when it stops.
///
/// The sleeper, the random source and the clock are injected so tests run instantly.
public struct RetryingHTTPClient: HTTPClient {
    /// Waits for the given duration; throws if the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    private let base: any HTTPClient
    private let policy: RetryPolicy
    private let sleep: Sleep
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date

    /// Retries requests sent through `base` by `policy`, waiting with `sleep`; `random` gives
    /// the jitter (0..<1) and `now` the time `Retry-After` dates are measured from.
    public init(
        _ base: any HTTPClient,
        policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// Sends through the base client, retrying as the policy says; the last response or error is the answer.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var retry = 0
        while true {
            let wait: Duration
            do {
                let response = try await base.send(request)
                guard retry < policy.maxRetries, policy.retries(status: response.statusCode) else { return response }
                guard let delay = delay(beforeRetry: retry, after: response) else { return response }
                wait = delay
            } catch {
                guard retry < policy.maxRetries, policy.retries(error) else { throw error }
                wait = policy.delay(beforeRetry: retry, random: random())
            }
            try await sleep(wait)
            retry += 1
        }
    }

    /// The back-off, raised to the server's `Retry-After`; nil when the server asks for longer
    /// than the policy allows.
    private func delay(beforeRetry retry: Int, after response: HTTPResponse) -> Duration? {
        let backoff = policy.delay(beforeRetry: retry, random: random())
        guard let header = response.header("Retry-After"), let asked = RetryAfter.delay(header, now: now()) else {
            return backoff
        }
        return asked <= policy.maxRetryAfter ? max(asked, backoff) : nil
    }
}
