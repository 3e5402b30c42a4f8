import Foundation
import HTTPServer
import HTTPTesting
import HTTPTypes
import Sockets
import TestSupport
import Testing

/// `stop(drainingWithin:)`: the server stops accepting, answers what has arrived with
/// `Connection: close`, closes connections that sent nothing, and cuts off what the drain time
/// leaves. Every wait is for a condition (the port refusing, a handler entered), never a clock.
@Suite(.onOwnThread) struct GracefulStopTests {
    static let request = "GET /v1/public/characters HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// Waits until nothing listens on `port`, for at most 90 s; whether it came to that.
    static func waitUntilRefused(port: UInt16) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            if RawConnection.isRefused(port: port) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func aRequestInFlightIsAnsweredWithConnectionCloseAfterThePortCloses() async throws {
        let gate = Gate()
        let entered = Gate()
        let server = try LoopbackHTTPServer(requestTimeout: .seconds(600)) { _ in
            entered.open()
            await gate.wait()
            return HTTPResponse(statusCode: Task.isCancelled ? 503 : 200, body: Data("answered".utf8))
        }
        let port = server.port
        let inFlight = Task { try await RawConnection.exchange(port: port, Self.request) }
        await entered.wait()
        let stopping = Task { await server.stop(drainingWithin: .seconds(600)) }
        #expect(try await Self.waitUntilRefused(port: port), "the port still accepts after the stop")
        gate.open()
        let response = try await inFlight.value
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"), "'\(response.prefix(80))'")
        #expect(response.contains("\r\nConnection: close\r\n"))
        #expect(response.hasSuffix("\r\n\r\nanswered"))
        await stopping.value
    }

    @Test func aConnectionThatSentNothingIsClosedWithoutWaitingForItsRequest() async throws {
        let server = try LoopbackHTTPServer(requestTimeout: .seconds(3600)) { _ in HTTPResponse(statusCode: 200) }
        let idle = try RawConnection.openIdle(port: server.port)
        defer { Socket.closeDescriptor(idle) }
        // Once a request on another connection is answered, the idle one has surely been accepted.
        _ = try await RawConnection.exchange(port: server.port, Self.request)
        let started = ContinuousClock.now
        await server.stop(drainingWithin: .seconds(3600))
        // Without the close, the stop would wait out the hour-long request time-out.
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(RawConnection.readToEnd(idle).isEmpty)
    }

    @Test func aDrainThatRunsOutOfTimeCancelsTheHandler() async throws {
        let entered = Gate()
        let server = try LoopbackHTTPServer(requestTimeout: .seconds(600)) { _ in
            entered.open()
            await Gate().wait()
            return HTTPResponse(statusCode: Task.isCancelled ? 503 : 200)
        }
        let port = server.port
        let inFlight = Task { try await RawConnection.exchange(port: port, Self.request) }
        await entered.wait()
        await server.stop(drainingWithin: .milliseconds(200))
        #expect(!(try await inFlight.value).hasPrefix("HTTP/1.1 200"))
        // Waited for, not probed once: another test's server may be given the freed port for a
        // moment. Were this server's listener still open, the wait would end false.
        #expect(try await Self.waitUntilRefused(port: port), "the port still accepts after the stop")
    }
}

extension GracefulStopTests {
    @Test func pipelinedRequestsThatArrivedBeforeTheStopAreAllAnswered() async throws {
        let gate = Gate()
        let entered = Gate()
        let server = try LoopbackHTTPServer(requestTimeout: .seconds(600)) { request in
            if request.url.path == "/first" {
                entered.open()
                await gate.wait()
            }
            return HTTPResponse(statusCode: 200, body: Data(request.url.path.utf8))
        }
        let port = server.port
        let pipelined = ["/first", "/second", "/third"].map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined()
        let inFlight = Task { try await RawConnection.exchange(port: port, pipelined) }
        await entered.wait()
        let stopping = Task { await server.stop(drainingWithin: .seconds(600)) }
        #expect(try await Self.waitUntilRefused(port: port), "the port still accepts after the stop")
        gate.open()
        let raw = try await inFlight.value
        let answers = raw.components(separatedBy: "HTTP/1.1 200 OK\r\n").dropFirst()
        #expect(answers.map { $0.components(separatedBy: "\r\n\r\n").last ?? "" } == ["/first", "/second", "/third"], "'\(raw)'")
        #expect(answers.last?.contains("Connection: close\r\n") == true)
        await stopping.value
    }
}
