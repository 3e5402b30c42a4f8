import Foundation
import Sockets
import Testing

/// The socket layer against the real kernel, on 127.0.0.1: connecting, accepting, bounded
/// reads and writes, and each failure's kind.
@Suite struct SocketTests {
    /// A listener and a connected client, closed when the body returns.
    private func withConnection(_ body: (_ client: Int32, _ server: Int32) throws -> Void) throws {
        let listener = try Socket.listenOnLoopback(port: 0)
        defer { Socket.closeDescriptor(listener.descriptor) }
        let client = try Socket.connect(host: "127.0.0.1", port: listener.port, before: .now + .seconds(5)).get()
        defer { Socket.closeDescriptor(client) }
        guard case .connection(let server) = Socket.acceptConnection(on: listener.descriptor) else {
            Issue.record("accept gave no connection")
            return
        }
        defer { Socket.closeDescriptor(server) }
        try body(client, server)
    }

    @Test func bytesWrittenOnOneEndArriveOnTheOther() throws {
        try withConnection { client, server in
            #expect(Socket.write(client, Array("ping".utf8), before: .now + .seconds(5)) == .all)
            var buffer = [UInt8](repeating: 0, count: 16)
            #expect(Socket.receive(server, into: &buffer, before: .now + .seconds(5)) == .bytes(4))
            #expect(Array(buffer.prefix(4)) == Array("ping".utf8))
        }
    }

    @Test func aReadWithNothingToReadEndsAtItsDeadline() throws {
        try withConnection { _, server in
            var buffer = [UInt8](repeating: 0, count: 16)
            let started = ContinuousClock.now
            #expect(Socket.receive(server, into: &buffer, before: .now + .milliseconds(200)) == .timedOut)
            #expect(ContinuousClock.now - started >= .milliseconds(190))
            #expect(!Socket.isReadable(server))
        }
    }

    @Test func aPeerThatShutsDownItsWritingSideReadsAsTheEnd() throws {
        try withConnection { client, server in
            Socket.shutdownWrite(client)
            var buffer = [UInt8](repeating: 0, count: 16)
            #expect(Socket.receive(server, into: &buffer, before: .now + .seconds(5)) == .end)
        }
    }

    @Test func aWriteToAPeerThatNeverReadsEndsAtItsDeadline() throws {
        try withConnection { client, _ in
            let tenMegabytes = [UInt8](repeating: 7, count: 10 << 20)
            #expect(Socket.write(client, tenMegabytes, before: .now + .milliseconds(300)) == .timedOut)
        }
    }

    @Test func aReservedPortRefusesConnections() throws {
        let reserved = try Socket.reserveLoopbackPort()
        defer { Socket.closeDescriptor(reserved.descriptor) }
        #expect(reserved.port > 0)
        let result = Socket.connect(host: "127.0.0.1", port: reserved.port, before: .now + .seconds(5))
        guard case .failure(.refused(let reason)) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(reason == "Connection refused")
    }

    @Test func aNameWithNoAddressIsUnresolved() {
        let result = Socket.connect(host: "no-such-host.invalid", port: 80, before: .now + .seconds(5))
        guard case .failure(.unresolved) = result else {
            Issue.record("expected an unresolved name, got \(result)")
            return
        }
    }

    @Test func aPortInUseCannotBeListenedOnAgain() throws {
        let first = try Socket.listenOnLoopback(port: 0)
        defer { Socket.closeDescriptor(first.descriptor) }
        #expect(throws: Socket.Failure.self) { try Socket.listenOnLoopback(port: first.port) }
    }

    @Test func aPokeWakesTheOtherEndOfAPipe() throws {
        let pipe = try Socket.makePipe()
        defer { [pipe.read, pipe.write].forEach(Socket.closeDescriptor) }
        #expect(Socket.waitForInput([pipe.read], until: .now + .milliseconds(50)) == [false])
        Socket.poke(pipe.write)
        #expect(Socket.waitForInput([pipe.read], until: .now + .seconds(5)) == [true])
    }
}
