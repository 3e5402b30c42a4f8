import Dispatch
import Foundation
import HTTPServer
import HTTPServerTesting
import HTTPTypes
import Synchronization
import TestSupport
import Testing

/// The server answers while every thread Swift concurrency shares is blocked: its handlers run
/// on the connection's own thread, so other tests' blocking work cannot starve it.
@Suite(.onOwnThread) struct StarvedPoolTests {
    @Test func answersWhileEveryPoolThreadIsBlocked() async throws {
        try await LoopbackHTTPServer.serving({ request in
            await Task.yield()  // a suspension, resumed on the handler's executor
            return HTTPResponse(statusCode: 200, body: Data("answered \(request.url.path)".utf8))
        }) { server in
            let port = server.port
            let outcome = try await onOwnThreadWhilePoolIsBlocked {
                try RawConnection.blockingExchange(port: port, "GET /starved HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            }
            #expect(outcome.blockedThreads == ProcessInfo.processInfo.activeProcessorCount)
            #expect(outcome.value.hasPrefix("HTTP/1.1 200"))
            #expect(outcome.value.hasSuffix("answered /starved"))
        }
    }

    /// Runs `body` on a thread of its own while tasks block every thread of the shared pool (one
    /// per core), and releases them when it returns; at most 10 s are spent waiting for them to
    /// start. The deliberate blocking is the point of the test, and it lasts as long as `body`.
    private func onOwnThreadWhilePoolIsBlocked<T: Sendable>(
        _ body: @escaping @Sendable () throws -> T
    ) async throws -> (value: T, blockedThreads: Int) {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let blocked = Counter()
        let release = DispatchSemaphore(value: 0)
        let result: Result<(T, Int), any Error> = await withCheckedContinuation { continuation in
            Thread {
                for _ in 0..<width {
                    Task.detached {
                        blocked.value.add(1, ordering: .relaxed)
                        release.wait()
                    }
                }
                let deadline = ContinuousClock.now + .seconds(60)
                while blocked.value.load(ordering: .relaxed) < width && ContinuousClock.now < deadline { usleep(1_000) }
                let count = blocked.value.load(ordering: .relaxed)
                let outcome = Result { (try body(), count) }
                for _ in 0..<width { release.signal() }
                continuation.resume(returning: outcome)
            }.start()
        }
        let (value, count) = try result.get()
        return (value, count)
    }
}

/// A count shared by the threads and tasks of one test.
private final class Counter: Sendable {
    let value = Atomic(0)
}
