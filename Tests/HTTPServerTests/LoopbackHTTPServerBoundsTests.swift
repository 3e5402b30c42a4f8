import Foundation
import HTTPServerTesting
import HTTPTypes
import TestSupport
import Testing

@testable import HTTPServer

/// The loopback server's bounds: a cap on connections, a deadline on each whole request, a
/// bound on each response's writing, and back-off when `accept` fails.
@Suite(.onOwnThread) struct LoopbackHTTPServerBoundsTests {
    static let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func connectionsBeyondTheCapGet503WithRetryAfterAtOnce() async throws {
        let held = Arrivals(expected: 3)
        let server = try LoopbackHTTPServer(maxConnections: 2) { _ in
            await held.arriveAndWaitForAll()
            return HTTPResponse(statusCode: 200)
        }
        let port = server.port
        let inFlight = (0..<2).map { _ in Task { try await RawConnection.exchange(port: port, Self.request) } }
        // The two requests must hold the server before the third connects; beside busy suites
        // their tasks may start many seconds late, so wait for them rather than for a clock.
        let deadline = ContinuousClock.now + .seconds(90)
        while await held.arrived < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }

        // Without the cap the third request would be admitted and answered 200 (the handlers
        // wait for three arrivals), so the 503 alone proves it; no wall-clock check, which a
        // loaded 2-core machine breaks.
        let refused = try await RawConnection.exchange(port: port, Self.request)
        #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(refused.contains("Retry-After: 1\r\n"))
        #expect(refused.contains("maximum of 2 connections"))

        await held.arriveAndWaitForAll()
        for request in inFlight {
            #expect(try await request.value.hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
        await server.stop()
    }

    @Test func aRequestTricklingInIsCutOffAtTheDeadlineNotPerRead() async throws {
        let stub = HTTPHandlerStub(then: HTTPResponse(statusCode: 200))
        let (response, after) = try await LoopbackHTTPServer.serving(requestTimeout: .seconds(1), stub.handle) { server in
            try await RawConnection.trickle(port: server.port, Self.request, every: .milliseconds(200))
        }
        #expect(response.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(after > .milliseconds(800) && after < .seconds(3), "cut off after \(after)")
        #expect(stub.requests.isEmpty)
    }

    @Test func aClientThatNeverReadsHoldsItsConnectionOnlyUntilTheWriteDeadline() async throws {
        let large = HTTPResponse(statusCode: 200, body: Data(count: 16 << 20))
        try await LoopbackHTTPServer.serving(maxConnections: 1, requestTimeout: .seconds(1), { _ in large }) { server in
            let port = server.port
            let release = DispatchSemaphore(value: 0)
            let stuck = Task { try await RawConnection.sendWithoutReading(port: port, Self.request, until: release, longest: .seconds(90)) }
            // Beside busy suites the handler may start late; the bound counts from its answer.
            let started = ContinuousClock.now
            var next = ""
            while !next.hasPrefix("HTTP/1.1 200 OK\r\n") && ContinuousClock.now - started < .seconds(60) {
                try await Task.sleep(for: .milliseconds(250))
                next = try await RawConnection.exchange(port: port, "HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            }
            release.signal()
            #expect(next.hasPrefix("HTTP/1.1 200 OK\r\n"), "while the first client still holds its connection: \(next.prefix(60))")
            try await stuck.value
        }
    }

    @Test func acceptBackOffDoublesToItsLongestAndLogsOncePerEpisode() {
        let start = ContinuousClock.now
        var backoff = AcceptBackoff()
        let waits = (0..<10).map { backoff.failed(at: start + .milliseconds($0)) }
        #expect(waits.map(\.wait).prefix(4) == [.milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(40)])
        #expect(waits.last?.wait == AcceptBackoff.longest)
        #expect(waits.map(\.startsEpisode) == [true] + Array(repeating: false, count: 9))

        backoff.succeeded()
        let soonAfter = backoff.failed(at: start + .seconds(1))
        #expect(soonAfter.wait == AcceptBackoff.shortest)
        #expect(!soonAfter.startsEpisode, "a failure soon after a success belongs to the same episode")

        backoff.succeeded()
        let later = backoff.failed(at: start + .seconds(1) + AcceptBackoff.quietPeriod)
        #expect(later.wait == AcceptBackoff.shortest)
        #expect(later.startsEpisode)
    }
}
