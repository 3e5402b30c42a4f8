import Foundation
import Processes
import TestSupport
import Testing

/// The manifests' program is bounded: one that loops is stopped at the time-out, and a tool that
/// is interrupted stops it and removes its build folder. These run the built `workspace`, as a
/// user does, so the environment and the signals are real ones; they read `/proc` to see what
/// is still running.
@Suite(.onOwnThread, .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "needs /proc"))
struct ManifestTimeoutTests {
    /// A fixture whose Core manifest calls a helper that never returns.
    private func loopingFixture() async throws -> FixtureWorkspace {
        try await onOwnThread {
            let fixture = try FixtureWorkspace()
            try fixture.write(
                "Manifests/Helpers/Module+Spin.swift",
                "import WorkspaceDescription\n\nextension Module {\n"
                    + "    static func spinning(_ name: String, layer: Layer) -> Module {\n"
                    + "        var turns = 0\n        while name != \"\" { turns &+= 1 }\n"
                    + "        return Module.library(name + String(turns), layer: layer)\n    }\n}\n")
            try fixture.write(
                "Manifests/Modules/Core.swift",
                "import WorkspaceDescription\n\nextension Modules {\n    static let Core = Module.spinning(\"Core\", layer: .core)\n}\n")
            return fixture
        }
    }

    /// Whether the manifests' program of `fixture` runs (not only the compiler building it).
    private static func programRuns(in fixture: FixtureWorkspace) -> Bool {
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        return ToolProcess.processes(naming: cache.path + "/build-").contains { $0.program.hasSuffix("/manifests") }
    }

    /// The manifests' programs of `fixture` still running, and their build folders still there.
    private static func leftovers(of fixture: FixtureWorkspace) -> (processes: [Int32], folders: [String]) {
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter { $0.hasPrefix("build-") }
        return (ToolProcess.processes(naming: cache.path + "/build-").map(\.pid), folders)
    }

    /// Kills what a failing run left behind, so a red test leaves nothing spinning.
    private static func clean(_ fixture: FixtureWorkspace) {
        for pid in leftovers(of: fixture).processes { kill(pid, SIGKILL) }
        fixture.remove()
    }

    private static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(extra) { $1 }
    }

    @Test(.timeLimit(.minutes(10))) func aManifestThatLoopsIsStoppedAtTheTimeout() async throws {
        let fixture = try await loopingFixture()
        defer { Self.clean(fixture) }
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            [try ToolProcess.path(), "check"], in: fixture.root.path, environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "3"]),
            timeout: .seconds(150))
        #expect(result.termination == .exited(65), "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "the manifests' program did not finish in 3 s, evaluating Manifests/Modules/Core.swift (a manifest or a helper may loop "
                    + "for ever); it was stopped. EXCELSIOR_MANIFEST_TIMEOUT sets the bound in seconds."), "\(result.errorText)")
        #expect(ContinuousClock.now - started < .seconds(100), "compiling takes seconds; the program only 3")
        let left = Self.leftovers(of: fixture)
        #expect(left.processes == [] && left.folders == [], "\(left)")
    }

    @Test func aTimeoutThatIsNotANumberIsRefused() async throws {
        let fixture = try await loopingFixture()
        defer { Self.clean(fixture) }
        for value in ["soon", "0", "-5", "1e-9", "0x10", "+3", "3.", ".5", "86401", "2\u{1B}[2J\n5"] {
            let result = try await ChildProcess.run(
                [try ToolProcess.path(), "check"], in: fixture.root.path,
                environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": value]),
                timeout: .seconds(120))
            #expect(result.termination == .exited(64))
            #expect(
                result.errorText
                    == "workspace: EXCELSIOR_MANIFEST_TIMEOUT must be a number of seconds above 0 and at most 86400, such as 120 or 2.5, "
                    + "not '\(value.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}").replacingOccurrences(of: "\n", with: "\u{FFFD}"))'.\n",
                "\(value)")
        }
    }

    /// A helper printing without end: the tool keeps a bounded part, drains the rest, and stops
    /// the program at the time-out all the same.
    @Test(.timeLimit(.minutes(10))) func aHelperFloodingStandardOutputIsStoppedAtTheTimeout() async throws {
        let fixture = try await FixtureWorkspace.hostile(
            helperBody:
                "        let block = Data(repeating: 65, count: 1 << 20)\n        while name != \"\" { FileHandle.standardOutput.write(block) }"
        )
        defer { Self.clean(fixture) }
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            [try ToolProcess.path(), "check"], in: fixture.root.path,
            environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "3"]), timeout: .seconds(200))
        #expect(result.termination == .exited(65), "\(result.errorText.suffix(300))")
        #expect(result.errorText.contains("bytes of the program's output left out)"), "\(result.errorText.suffix(300))")
        #expect(result.errorText.contains("the manifests' program did not finish in 3 s"), "\(result.errorText.suffix(300))")
        #expect(result.errorText.utf8.count < 20_000, "the message shows the output's tail only")
        #expect(ContinuousClock.now - started < .seconds(150), "compiling takes seconds; the program only 3")
    }

    /// A helper that starts a program ignoring SIGTERM in a group of its own and returns: the
    /// manifests' program ends, its output decides, and the program it left is ended with it.
    @Test(.timeLimit(.minutes(10))) func aGrandchildHoldingTheOutputNeitherDelaysNorOutlivesTheTool() async throws {
        let marker = "299.\(Int.random(in: 100_000...999_999))"
        let fixture = try await FixtureWorkspace.hostile(
            helperBody: """
                        let stray = Process()
                        stray.executableURL = URL(fileURLWithPath: "/bin/sh")
                        stray.arguments = ["-c", "trap '' TERM; sleep \(marker)"]
                        try? stray.run()
                """)
        defer {
            for process in ToolProcess.processes(naming: marker) { kill(process.pid, SIGKILL) }
            Self.clean(fixture)
        }
        let result = try await ChildProcess.run(
            [try ToolProcess.path(), "graph"], in: fixture.root.path,
            environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "90"]), timeout: .seconds(300))
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.outputText.contains("Core"), "\(result.outputText)")
        #expect(ToolProcess.processes(naming: marker).isEmpty, "the helper's program ended with the tool")
    }

    /// Starts the tool on `fixture`, sends it `signal` once the manifests' program runs, and
    /// returns how the tool ended (`WTERMSIG`, or 0 if it exited) and whether the program was seen running.
    private static func interrupt(_ fixture: FixtureWorkspace, with signal: Int32) async throws -> (
        endingSignal: Int32, sawProgram: Bool
    ) {
        let pid = try ToolProcess.start(["check"], in: fixture.root)
        return try await onOwnThread {
            let deadline = Date().addingTimeInterval(120)
            while !Self.programRuns(in: fixture) && Date() < deadline { usleep(100_000) }
            let sawProgram = Self.programRuns(in: fixture)
            usleep(300_000)
            kill(pid, signal)
            return (ToolProcess.endingSignal(of: pid), sawProgram)
        }
    }

    /// What `fixture` still has running or on disk, once it settles (up to 5 s).
    private static func settledLeftovers(of fixture: FixtureWorkspace) async throws -> (processes: [Int32], folders: [String]) {
        var left = leftovers(of: fixture)
        for _ in 0..<50 where left != ([], []) {
            try await Task.sleep(for: .milliseconds(100))
            left = leftovers(of: fixture)
        }
        return left
    }

    /// Ctrl-C (SIGINT), a CI runner's SIGTERM, a closed terminal's SIGHUP while the manifests run.
    @Test(.timeLimit(.minutes(10)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedToolStopsTheManifestsAndRemovesTheirFolder(signal: Int32) async throws {
        let fixture = try await loopingFixture()
        defer { Self.clean(fixture) }
        let ending = try await Self.interrupt(fixture, with: signal)
        #expect(ending.sawProgram, "the manifests' program ran when the tool was sent the signal")
        #expect(ending.endingSignal == signal, "the tool ends by the signal it was sent: \(ending)")
        let left = try await Self.settledLeftovers(of: fixture)
        #expect(left.processes == [] && left.folders == [], "\(left)")
    }

    /// SIGKILL leaves the tool no time: the program ends itself when it sees its parent gone, and
    /// the next tool to build there removes the folder.
    @Test(.timeLimit(.minutes(10))) func aKilledToolsProgramEndsItselfAndItsFolderGoesNextTime() async throws {
        let fixture = try await loopingFixture()
        defer { Self.clean(fixture) }
        let ending = try await Self.interrupt(fixture, with: SIGKILL)
        #expect(ending.sawProgram && ending.endingSignal == SIGKILL, "\(ending)")
        let left = try await Self.settledLeftovers(of: fixture)
        #expect(left.processes == [], "the program ended itself")
        #expect(left.folders.count == 1, "the killed tool could not remove its folder")
        let next = try await ChildProcess.run(
            [try ToolProcess.path(), "check"], in: fixture.root.path, environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "1"]),
            timeout: .seconds(120))
        #expect(next.termination == .exited(65))
        #expect(Self.leftovers(of: fixture).folders == [], "the next tool removed it")
    }
}
