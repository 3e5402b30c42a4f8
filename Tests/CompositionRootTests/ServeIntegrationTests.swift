import Foundation
import TestSupport
import Testing

/// `--provider marvel` against the program's own `serve`, over a loopback socket.
@Suite(.onOwnThread) struct ServeIntegrationTests {
    static let keys = ["MARVEL_PUBLIC_KEY": "public", "MARVEL_PRIVATE_KEY": "private"]

    @Test func listAndShowThroughURLSessionAgainstServe() async throws {
        let server = try ServingProgram()
        defer { server.stop() }
        let options = ["--provider", "marvel", "--base-url", server.baseURL]

        let list = try await ProgramRun(["list", "--limit", "5"] + options, environment: Self.keys)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdoutLines[1].hasPrefix("1011334  3-D Man"))
        #expect(list.stdout.contains("Showing 5 of 45 characters from offset 0."))

        let missing = try await ProgramRun(["show", "999"] + options, environment: Self.keys)
        #expect(missing.status == 66)
        #expect(missing.stderrLines == ["CompositionRoot: No character has id 999."])
    }

    @Test func serveStopsCleanlyOnSIGTERM() throws {
        let server = try ServingProgram()
        #expect(server.stop() == 0)
    }

    @Test func unreachableServerIsUnavailableWithNothingCached() async throws {
        let run = try await ProgramRun(
            ["show", "1011334", "--provider", "marvel", "--base-url", "http://127.0.0.1:9"], environment: Self.keys)
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderr.hasPrefix(
                "CompositionRoot: The character source is unavailable: Could not reach http://127.0.0.1:9/v1/public/characters/1011334"))
        #expect(!run.stderr.contains("apikey"))
    }
}

/// `CompositionRoot serve --port 0` running in the background until `stop()`.
final class ServingProgram {
    let process = Process()
    let baseURL: String

    struct DidNotStart: Error {
        let output: String
    }

    init() throws {
        process.executableURL = try ProgramRun.executable()
        process.arguments = ["serve", "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:") else {
            process.terminate()
            throw DidNotStart(output: text)
        }
        baseURL = String(text[range.lowerBound...])
    }

    /// Sends SIGTERM and waits; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
