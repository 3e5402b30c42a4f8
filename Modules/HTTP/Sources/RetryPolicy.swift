import Foundation
import HTTPTypes

/// When and how long `RetryingHTTPClient` waits before trying a request again.
///
/// 429 and 5xx answers, transport failures and time-outs are retried, at most `maxRetries`
/// times; other answers are returned at once. The n-th retry (from 0) waits
/// `min(initialDelay × 2ⁿ, maxDelay)`, less a random part of up to `jitter` of it, and never
/// less than the server's `Retry-After`.
public struct RetryPolicy: Sendable, Equatable {
    /// Most retries after the first attempt; 0 never retries.
    public var maxRetries: Int
    /// The wait before the first retry; each later one doubles it.
    public var initialDelay: Duration
    /// The longest wait back-off alone asks for.
    public var maxDelay: Duration
    /// The share of each wait, 0…1, that is random, so clients do not retry in step.
    public var jitter: Double
    /// The longest `Retry-After` honoured: a server asking for more gets its answer returned.
    public var maxRetryAfter: Duration

    /// A policy with the given limits; the defaults retry 3 times after 0.5 s, 1 s and 2 s at most.
    public init(
        maxRetries: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(8),
        jitter: Double = 0.5,
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxRetries = max(0, maxRetries)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = maxRetryAfter
    }

    /// Whether an answer with `status` is worth trying again: 429 and 5xx.
    public func retries(status: Int) -> Bool {
        status == 429 || (500..<600).contains(status)
    }

    /// Whether a thrown `error` is worth trying again: transport failures and time-outs.
    public func retries(_ error: any Error) -> Bool {
        (error as? HTTPError)?.isTransient ?? false
    }

    /// The wait before retry number `retry` (0 for the first), given `random` in 0..<1.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        let exponential = min(initialDelay.seconds * pow(2, Double(min(retry, 62))), maxDelay.seconds)
        return .seconds(exponential * (1 - jitter * min(max(random, 0), 1)))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
