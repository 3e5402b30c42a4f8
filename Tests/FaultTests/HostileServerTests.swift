import FaultTestSupport
import Foundation
import HTTPTesting
import Processes
import TestSupport
import Testing

/// A Marvel API server that misbehaves on purpose: trickles its answer, never answers, sends a
/// gzip bomb, or puts terminal escapes in its error text. The program gives up within its
/// deadline and its memory bound, and prints one clean line.
@Suite(.onOwnThread) struct HostileServerTests {
    static let keys = ["MARVEL_PUBLIC_KEY": "public", "MARVEL_PRIVATE_KEY": "private"]

    private func show(_ server: ScriptedHTTPServer, _ extra: [String] = [], limits: [String] = []) async throws -> LimitedRun {
        try await LimitedRun.run(
            ["show", "1011334", "--provider", "marvel", "--base-url", server.baseURL.absoluteString, "--cache", "none"] + extra,
            limits: limits,
            environment: Self.keys, timeout: .seconds(40))
    }

    @Test func aServerTricklingOneByteAtATimeIsCutOffAtTheDeadline() async throws {
        let server = try ScriptedHTTPServer { send in
            guard send(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n".utf8)) else { return }
            for _ in 0..<200 {
                guard send([UInt8(ascii: " ")]) else { return }
                usleep(200_000)
            }
        }
        defer { server.stop() }
        let run = try await show(server, ["--timeout", "2"])
        #expect(run.status == 69, "\(run.ending): \(run.stderr)")
        #expect(
            run.stderrLines == [
                "CompositionRoot: The character source is unavailable: \(server.baseURL.absoluteString)/v1/public/characters/1011334 did not answer in time"
            ])
        #expect(run.elapsed < .seconds(20), "took \(run.elapsed)")
    }

    @Test func aServerThatAcceptsAndNeverAnswersIsCutOffAtTheDeadline() async throws {
        let server = try ScriptedHTTPServer { send in
            for _ in 0..<300 {
                usleep(100_000)
                guard send([]) else { return }
            }
        }
        defer { server.stop() }
        let run = try await show(server, ["--timeout", "3"])
        #expect(run.status == 69, "\(run.ending): \(run.stderr)")
        #expect(run.elapsed < .seconds(20), "took \(run.elapsed) (three 10 s idle time-outs would take 30 s)")
    }

    /// Over `http://` the program never inflates: a compressed answer it did not ask for is
    /// refused unread, so memory stays bounded whatever the bomb inflates to.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/gzip"), "needs gzip (apt-get install gzip)"))
    func aGzipBombIsRefusedWithinTheMemoryBound() async throws {
        let bomb = try await gzipOfZeros(megabytes: 512)
        let server = try ScriptedHTTPServer { send in
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n"
            _ = send(Array(head.utf8) + bomb)
        }
        defer { server.stop() }
        let run = try await show(server)
        #expect(run.status == 65, "\(run.ending): \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("it is gzip-encoded, which was not asked for"), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters on stderr")
        // Inflating would take at least the 512 MiB the bomb holds; the program peaks near 40 MB.
        #expect(run.peakResidentBytes < 256 << 20, "peak \(run.peakResidentBytes) bytes")
    }

    @Test func escapesInAServersErrorTextNeverReachTheTerminal() async throws {
        let server = try ScriptedHTTPServer { send in
            let body = "{\"code\":409,\"status\":\"\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m gone\"}"
            _ = send(
                Array("HTTP/1.1 409 Conflict\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        }
        defer { server.stop() }
        let run = try await show(server)
        #expect(run.status == 64, "\(run.ending): \(run.stderr)")
        #expect(run.stderr.contains("]0;pwned"), "\(run.stderr)")
        #expect(
            !run.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }, "\(run.stderr)")
    }

    /// `megabytes` MiB of zeros through gzip: a few hundred KB that inflate a thousandfold.
    private func gzipOfZeros(megabytes: Int) async throws -> [UInt8] {
        try await Processes.ChildProcess.run(["sh", "-c", "head -c \(megabytes)M /dev/zero | gzip -1 -c"]).standardOutput
    }
}
