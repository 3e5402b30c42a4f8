import Foundation
import HTTP
import HTTPTypes
import TestSupport
import Testing

@Suite(.onOwnThread) struct RetryPolicyTests {
    let url = URL(string: "https://example.com")!

    @Test func backOffDoublesUpToTheCap() {
        let policy = RetryPolicy(maxRetries: 10, initialDelay: .milliseconds(500), maxDelay: .seconds(3), jitter: 0.5)
        #expect(
            (0..<5).map { policy.delay(beforeRetry: $0, random: 0) } == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3),
            ])
        #expect(policy.delay(beforeRetry: 10_000, random: 0) == .seconds(3))
    }

    @Test func jitterTakesAtMostItsShareOffTheWait() {
        let policy = RetryPolicy(initialDelay: .seconds(2), jitter: 0.25)
        #expect(policy.delay(beforeRetry: 0, random: 0) == .seconds(2))
        #expect(policy.delay(beforeRetry: 0, random: 0.5) == .milliseconds(1_750))
        #expect(policy.delay(beforeRetry: 0, random: 0.999_999) > .milliseconds(1_500))
        #expect(RetryPolicy(initialDelay: .seconds(2), jitter: 0).delay(beforeRetry: 0, random: 0.9) == .seconds(2))
    }

    @Test func limitsAreClampedToSenseValues() {
        #expect(RetryPolicy(maxRetries: -3).maxRetries == 0)
        #expect(RetryPolicy(jitter: 7).jitter == 1)
        #expect(RetryPolicy(jitter: -1).jitter == 0)
    }

    @Test(arguments: [
        (429, true), (500, true), (502, true), (503, true), (200, false), (304, false), (400, false), (401, false), (404, false),
        (409, false),
    ])
    func onlyRateLimitsAndServerErrorsAreRetried(status: Int, retried: Bool) {
        #expect(RetryPolicy().retries(status: status) == retried)
    }

    @Test func transportFailuresAndTimeOutsAreRetriedButNothingElse() {
        let policy = RetryPolicy()
        #expect(policy.retries(HTTPError.transport(url: url, reason: "refused")))
        #expect(policy.retries(HTTPError.timedOut(url: url)))
        #expect(!policy.retries(HTTPError.malformedResponse(status: 200, reason: "r", url: url)))
        #expect(!policy.retries(HTTPError.responseTooLarge(url: url, limit: 1)))
        #expect(!policy.retries(CancellationError()))
    }

    @Test func retryAfterInSeconds() {
        #expect(RetryAfter.delay("120", now: Date()) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: Date()) == .zero)
        #expect(RetryAfter.delay("99999999999999999999999", now: Date()) == .seconds(Int.max))
    }

    @Test func retryAfterAsAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_445_412_470)  // Wed, 21 Oct 2015 07:27:50 GMT
        #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:00:00 GMT", now: now) == .zero)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "21 Oct 2015", "٣"])
    func anythingElseIsNoRetryAfter(_ value: String) {
        #expect(RetryAfter.delay(value, now: Date()) == nil)
    }
}
