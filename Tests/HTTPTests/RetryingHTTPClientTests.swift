import Foundation
import HTTP
import HTTPTesting
import HTTPTypes
import HTTPTypesTesting
import TestSupport
import Testing

@Suite(.onOwnThread) struct RetryingHTTPClientTests {
    let request = HTTPRequest(url: URL(string: "https://example.com/v1/public/characters")!)
    let sleeper = SleepSpy()

    private func client(_ stub: HTTPClientStub, policy: RetryPolicy = RetryPolicy(), random: Double = 0, now: Date = Date())
        -> RetryingHTTPClient
    {
        RetryingHTTPClient(stub, policy: policy, sleep: sleeper.sleep, random: { random }, now: { now })
    }

    @Test func serverFailuresAreRetriedWithExponentialBackOff() async throws {
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 500), HTTPResponse(statusCode: 429), HTTPResponse(statusCode: 200),
        ])
        let response = try await client(stub).send(request)
        #expect(response.statusCode == 200)
        #expect(stub.requests == Array(repeating: request, count: 4))
        #expect(sleeper.waits == [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    @Test func jitterShortensTheWaits() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 200)])
        _ = try await client(stub, policy: RetryPolicy(jitter: 0.5), random: 0.5).send(request)
        #expect(sleeper.waits == [.milliseconds(375), .milliseconds(750)])
    }

    @Test func afterTheLimitTheLastAnswerIsReturned() async throws {
        let stub = HTTPClientStub(responses: Array(repeating: HTTPResponse(statusCode: 502), count: 3))
        let response = try await client(stub, policy: RetryPolicy(maxRetries: 2)).send(request)
        #expect(response.statusCode == 502)
        #expect(stub.requests.count == 3)
        #expect(sleeper.waits.count == 2)
    }

    @Test func zeroRetriesSendsOnce() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 503)])
        #expect(try await client(stub, policy: RetryPolicy(maxRetries: 0)).send(request).statusCode == 503)
        #expect(stub.requests.count == 1)
        #expect(sleeper.waits.isEmpty)
    }

    @Test(arguments: [200, 304, 400, 401, 403, 404, 405, 409])
    func otherAnswersAreNeverRetried(status: Int) async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: status)])
        #expect(try await client(stub).send(request).statusCode == status)
        #expect(stub.requests.count == 1)
        #expect(sleeper.waits.isEmpty)
    }

    @Test func transportFailuresAndTimeOutsAreRetried() async throws {
        let stub = HTTPClientStub([
            .failure(HTTPError.transport(url: request.url, reason: "Connection refused")),
            .failure(HTTPError.timedOut(url: request.url)),
            .success(HTTPResponse(statusCode: 200)),
        ])
        #expect(try await client(stub).send(request).statusCode == 200)
        #expect(stub.requests.count == 3)
    }

    @Test func theLastTransportFailureIsThrownAfterTheLimit() async throws {
        let stub = HTTPClientStub(Array(repeating: .failure(HTTPError.timedOut(url: request.url)), count: 2))
        await #expect(throws: HTTPError.timedOut(url: request.url)) {
            try await client(stub, policy: RetryPolicy(maxRetries: 1)).send(request)
        }
        #expect(stub.requests.count == 2)
    }

    @Test func otherErrorsAreThrownAtOnce() async throws {
        let stub = HTTPClientStub([.failure(CancellationError()), .success(HTTPResponse(statusCode: 200))])
        await #expect(throws: CancellationError.self) { try await client(stub).send(request) }
        #expect(stub.requests.count == 1)
    }

    @Test func retryAfterSecondsRaisesTheWait() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 429, headers: ["Retry-After": "7"]), HTTPResponse(statusCode: 200)])
        _ = try await client(stub).send(request)
        #expect(sleeper.waits == [.seconds(7)])
    }

    @Test func retryAfterShorterThanTheBackOffKeepsTheBackOff() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 503, headers: ["retry-after": "0"]), HTTPResponse(statusCode: 200)])
        _ = try await client(stub).send(request)
        #expect(sleeper.waits == [.milliseconds(500)])
    }

    @Test func retryAfterDateIsMeasuredFromTheInjectedClock() async throws {
        let now = Date(timeIntervalSince1970: 1_445_412_470)
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]), HTTPResponse(statusCode: 200),
        ])
        _ = try await client(stub, now: now).send(request)
        #expect(sleeper.waits == [.seconds(10)])
    }

    @Test(arguments: ["3600", "99999999999999999999999"])
    func retryAfterBeyondThePolicyReturnsTheAnswerAtOnce(_ retryAfter: String) async throws {
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 429, headers: ["Retry-After": retryAfter]), HTTPResponse(statusCode: 200),
        ])
        let response = try await client(stub, policy: RetryPolicy(maxRetryAfter: .seconds(60))).send(request)
        #expect(response.statusCode == 429)
        #expect(stub.requests.count == 1)
        #expect(sleeper.waits.isEmpty)
    }

    @Test func anUnreadableRetryAfterFallsBackToTheBackOff() async throws {
        let stub = HTTPClientStub(responses: [
            HTTPResponse(statusCode: 429, headers: ["Retry-After": "later"]), HTTPResponse(statusCode: 200),
        ])
        _ = try await client(stub).send(request)
        #expect(sleeper.waits == [.milliseconds(500)])
    }

    @Test func cancellationDuringTheWaitStopsRetrying() async throws {
        let stub = HTTPClientStub(responses: [HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 200)])
        let retrying = RetryingHTTPClient(stub, sleep: { _ in throw CancellationError() })
        await #expect(throws: CancellationError.self) { try await retrying.send(request) }
        #expect(stub.requests.count == 1)
    }
}
