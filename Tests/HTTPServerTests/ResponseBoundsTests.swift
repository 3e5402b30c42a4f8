import Foundation
import HTTP
import HTTPServer
import HTTPTypes
import HTTPTypesTesting
import Processes
import Synchronization
import TestSupport
import Testing

/// Every call is bounded: in bytes (counted after decompression) and, with
/// `DeadlineHTTPClient`, in time for the whole call.
@Suite(.onOwnThread) struct ResponseBoundsTests {
    private static let url = URL(string: "http://127.0.0.1/v1/public/characters")!

    @Test func aBodyOverTheLimitFailsAsTooLarge() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 300_000)
        let error = try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 200, body: body) }) { server in
            let http = URLSessionHTTPClient(timeout: 60, maxResponseBytes: 100_000)
            return await #expect(throws: HTTPError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        }
        guard case .responseTooLarge(_, 100_000)? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
    }

    @Test func aBodyWithinTheLimitArrivesWhole() async throws {
        let body = Data(repeating: UInt8(ascii: "y"), count: 100_000)
        let response = try await LoopbackHTTPServer.serving({ _ in HTTPResponse(statusCode: 200, body: body) }) { server in
            try await URLSessionHTTPClient(timeout: 60, maxResponseBytes: 100_000).send(HTTPRequest(url: server.baseURL))
        }
        #expect(response.body == body)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/gzip"), "needs gzip (apt-get install gzip)"))
    func aGzipBombIsCutOffByItsInflatedSize() async throws {
        let bomb = try await Self.gzip(Data(count: 16 << 20))
        #expect(bomb.count < 100_000)
        let error = try await LoopbackHTTPServer.serving({ _ in
            HTTPResponse(statusCode: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb)
        }) { server in
            let http = URLSessionHTTPClient(timeout: 60, maxResponseBytes: 1 << 20)
            return await #expect(throws: HTTPError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        }
        guard case .responseTooLarge? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
    }

    /// Without the deadline the call would succeed after 60 s (the idle time-out is 120 s), so
    /// the time-out proves the deadline; no wall-clock assertion, which a loaded machine breaks.
    @Test func theDeadlineBoundsAServerThatNeverAnswers() async throws {
        let error = try await LoopbackHTTPServer.serving({ _ in
            try? await Task.sleep(for: .seconds(60))
            return HTTPResponse(statusCode: 200)
        }) { server in
            let http = DeadlineHTTPClient(URLSessionHTTPClient(timeout: 120), limit: .milliseconds(500))
            return await #expect(throws: HTTPError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        }
        guard case .timedOut? = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
    }

    @Test func theDeadlineCoversRetries() async throws {
        let calls = Counter()
        let failing = HTTPClientSpyThatFails(calls: calls)
        let http = DeadlineHTTPClient(
            RetryingHTTPClient(failing, policy: RetryPolicy(maxRetries: 1000, initialDelay: .milliseconds(50))), limit: .milliseconds(300))
        await #expect(throws: HTTPError.timedOut(url: Self.url)) { try await http.send(HTTPRequest(url: Self.url)) }
        #expect(calls.value < 1000)
    }

    @Test func aFastAnswerPassesTheDeadline() async throws {
        let http = DeadlineHTTPClient(HTTPClientStub([.success(HTTPResponse(statusCode: 204))]), limit: .seconds(5))
        #expect(try await http.send(HTTPRequest(url: Self.url)).statusCode == 204)
    }

    private static func gzip(_ data: Data) async throws -> Data {
        Data(try await ChildProcess.run(["gzip", "-c"], input: [UInt8](data)).standardOutput)
    }
}

/// Counts calls across tasks.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

/// Fails every call with a transport error, which `RetryingHTTPClient` retries.
private struct HTTPClientSpyThatFails: HTTPClient {
    let calls: Counter

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        calls.increment()
        throw HTTPError.transport(url: request.url, reason: "refused")
    }
}
