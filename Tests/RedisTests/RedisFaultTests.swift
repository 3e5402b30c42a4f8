import Foundation
import Redis
import RedisTesting
import TestSupport
import Testing

/// A server that misbehaves: a fake one of the test's own sending malformed, truncated,
/// oversized or never-ending replies, and a real one killed mid-run. The client must fail with a
/// clear error within its time-out, never crash or hang, and recover when the server does.
/// One at a time, so one test's servers and processes do not slow another's past its time-outs.
@Suite(.onOwnThread, .serialized) struct RedisFaultTests {
    private static let timeout = Duration.milliseconds(300)

    /// The error `command` meets on a server answering as `behaviour` says, and how long it took.
    private func failure(
        of command: RedisCommand = RedisCommand("GET", "k"), from behaviour: FakeRESPServer.Behaviour, maxBulkLength: Int? = nil
    ) throws -> (error: RedisError?, elapsed: Duration) {
        let server = try FakeRESPServer(behaviour)
        var configuration = server.configuration(timeout: Self.timeout)
        if let maxBulkLength { configuration.maxBulkLength = maxBulkLength }
        let client = RedisClient(configuration: configuration)
        let started = ContinuousClock.now
        do {
            _ = try client.send(command)
            return (nil, ContinuousClock.now - started)
        } catch {
            return (error, ContinuousClock.now - started)
        }
    }

    @Test func aMalformedReplyNamesTheOffendingByte() throws {
        let (error, _) = try failure(from: .reply(Array("$3\r\nabc\r\n:12x4\r\n".utf8)))
        #expect(error == nil)
        let (malformed, _) = try failure(from: .reply(Array(":12x4\r\n".utf8)))
        #expect(malformed == .protocolError(position: 3, reason: "0x78 ('x') in a number"))
    }

    @Test func aTruncatedReplyIsALostConnection() throws {
        let (error, elapsed) = try failure(from: .replyThenClose(Array("$10\r\nabc".utf8)))
        guard case .connectionLost(_, let reason) = error else {
            Issue.record("expected a lost connection, got \(String(describing: error))")
            return
        }
        #expect(reason == "the server closed the connection")
        #expect(elapsed < Self.timeout)
    }

    @Test func anOversizedReplyIsRefusedBeforeItArrives() throws {
        let (error, elapsed) = try failure(from: .reply(Array("$1000000000\r\n".utf8)), maxBulkLength: 1024 * 1024)
        #expect(error == .protocolError(position: 1, reason: "a bulk string of 1000000000 bytes is over the limit of 1048576"))
        #expect(elapsed < Self.timeout)
    }

    @Test func aLineThatNeverEndsIsCutOffAtItsLimit() throws {
        let (error, _) = try failure(from: .reply([UInt8(ascii: "+")] + Array(repeating: UInt8(ascii: "a"), count: 70_000)))
        #expect(error == .protocolError(position: 65_537, reason: "a line longer than 65536 bytes"))
    }

    @Test(arguments: [
        FakeRESPServer.Behaviour.neverEnding(Array("+".utf8), filler: UInt8(ascii: "a"), interval: .milliseconds(5)),
        .neverEnding(Array("$100\r\n".utf8), filler: UInt8(ascii: "b"), interval: .milliseconds(5)),
        .neverEnding(Array("*3\r\n:1\r\n".utf8), filler: UInt8(ascii: "1"), interval: .milliseconds(20)),
        .silent,
    ])
    func aReplyThatNeverEndsTimesOutWithinTheTimeOut(_ behaviour: FakeRESPServer.Behaviour) throws {
        let (error, elapsed) = try failure(from: behaviour)
        #expect(error == .timedOut(endpoint: error.flatMap(Self.endpoint) ?? "", operation: "read", seconds: 0.3))
        #expect(elapsed >= Self.timeout)
        #expect(elapsed < Self.timeout + .milliseconds(500))
    }

    @Test func aBrokenConnectionIsReplacedByAFreshOne() throws {
        let server = try FakeRESPServer(.reply(Array("!".utf8)))
        let client = RedisClient(configuration: server.configuration(timeout: Self.timeout))
        #expect(throws: RedisError.self) { try client.ping() }
        #expect(throws: RedisError.self) { try client.ping() }
        #expect(server.connectionsAccepted == 2)
    }

    private static func endpoint(of error: RedisError) -> String? {
        if case .timedOut(let endpoint, _, _) = error { endpoint } else { nil }
    }
}
