import Foundation
import Processes
import TestSupport
import Testing

/// `new`, `rename`, `remove` and `move` are all or nothing under the signals that end a tool, and
/// a build the tool runs is stopped with everything it started. These run the built `workspace`
/// as a user does and send it real signals; they read `/proc` to see what is still running.
@Suite(.onOwnThread, .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "needs /proc"))
struct InterruptedCommandTests {
    /// A fixture with a second core module whose one file Feature uses, so `move` has work.
    private static func fixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Socket.swift", "public struct Socket {}\n")
        try fixture.write("Modules/Feature/Sources/Uses.swift", "import Core\n\nlet socket = Socket()\n")
        try fixture.generate()
        return fixture
    }

    /// Starts the tool with `arguments` on a fresh fixture, sends `signal` as soon as the tree
    /// changes (the command then reads the manifests again, for seconds), and returns the
    /// signal that ended the tool and what the tree holds that it did not before.
    private static func interrupt(_ arguments: [String], with signal: Int32) throws -> (endingSignal: Int32, changed: [String]) {
        let fixture = try fixture()
        defer { fixture.remove() }
        let skipped: Set<String> = [".build"]
        let before = fixture.snapshot(skipping: skipped)
        let pid = try ToolProcess.start(arguments, in: fixture.root)
        let deadline = Date().addingTimeInterval(180)
        while fixture.changes(since: before, skipping: skipped).isEmpty && Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return (-1, ["the tool ended before it changed anything"]) }
            usleep(2_000)
        }
        kill(pid, signal)
        let ending = ToolProcess.endingSignal(of: pid)
        return (ending, fixture.changes(since: before, skipping: skipped))
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (["new", "Forecasts", "--template", "feature"], SIGINT),
            (["new", "Forecasts"], SIGTERM),
            (["new", "Forecasts", "--template", "service"], SIGHUP),
            (["rename", "Core", "Kernel"], SIGINT),
            (["remove", "Wire"], SIGTERM),
            (["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], SIGHUP),
        ])
    func aSignalMidCommandLeavesTheTreeAsItWas(arguments: [String], signal: Int32) throws {
        let ending = try Self.interrupt(arguments, with: signal)
        #expect(ending.endingSignal == signal, "the tool ends by the signal it was sent: \(ending)")
        #expect(ending.changed == [], "\(arguments) interrupted left \(ending.changed)")
    }

    /// `swift build` run by `check` (for a tool that generates a file), interrupted while the
    /// compiler runs: the build, its compilers and the tool are all gone when the tool has ended.
    @Test(.timeLimit(.minutes(10))) func anInterruptedBuildLeavesNoProcessBehind() async throws {
        let fixture = try await onOwnThread { try Self.buildFixture() }
        defer {
            for process in ToolProcess.processes(naming: fixture.root.path) { kill(process.pid, SIGKILL) }
            fixture.remove()
        }
        let ending = try await onOwnThread { () throws -> (sawCompiler: Bool, signal: Int32, left: [String]) in
            let pid = try ToolProcess.start(["check"], in: fixture.root)
            let deadline = Date().addingTimeInterval(300)
            var compiling = false
            while !compiling && Date() < deadline {
                compiling = ToolProcess.processes(naming: fixture.root.path).contains { $0.program.hasSuffix("swift-frontend") }
                var status: Int32 = 0
                if !compiling && waitpid(pid, &status, WNOHANG) == pid { return (false, -1, []) }
                usleep(50_000)
            }
            usleep(500_000)
            kill(pid, SIGINT)
            let signal = ToolProcess.endingSignal(of: pid)
            // At once: a compiler left behind would still be compiling the slow file.
            return (compiling, signal, ToolProcess.processes(naming: fixture.root.path).map(\.program))
        }
        #expect(ending.sawCompiler, "the build was compiling when the tool was interrupted")
        #expect(ending.signal == SIGINT, "\(ending)")
        #expect(ending.left == [], "left running: \(ending.left)")
    }

    /// A fixture with a tool that `check` builds and runs, whose module takes the compiler a while.
    private static func buildFixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        let rules = FixtureWorkspace.rules.replacingOccurrences(
            of: "tools: []",
            with: #"tools: [.executable(name: "printer", path: "Tools/printer", dependencies: ["Core"], generates: "docs/PRINTED.md")]"#)
        try fixture.write("Manifests/Workspace.swift", rules)
        try fixture.write("Tools/printer/main.swift", "import Core\n\nprint(Core.self)\n")
        var slow = "public enum Core {}\n"
        for index in 0..<1500 {
            slow +=
                "public struct Record\(index): Codable, Hashable, Sendable { var a: Int; var b: String; var c: [Double]; var d: [String: Int]? }\n"
        }
        try fixture.write("Modules/Core/Sources/Core.swift", slow)
        try fixture.write("docs/PRINTED.md", "Core\n")
        try fixture.generate()
        return fixture
    }
}
