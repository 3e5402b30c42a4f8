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

    /// The built tool, next to the test bundle.
    private static func tool() throws -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for directory in [Bundle.main.bundleURL.deletingLastPathComponent(), testBinary.deletingLastPathComponent()]
            + Bundle.allBundles.map({ $0.bundleURL.deletingLastPathComponent() })
        {
            let candidate = directory.appendingPathComponent("workspace").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ChildProcessError.cannotStart(program: "workspace", reason: "not built next to the tests")
    }

    /// The processes whose command line holds `text` (zombies have none), with their program's path.
    private static func processes(naming text: String) -> [(pid: Int32, program: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self)
            return line.contains(text) ? (pid, String(line.prefix { $0 != "\0" })) : nil
        }
    }

    /// Whether the manifests' program of `fixture` runs (not only the compiler building it).
    private static func programRuns(in fixture: FixtureWorkspace) -> Bool {
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        return processes(naming: cache.path + "/build-").contains { $0.program.hasSuffix("/manifests") }
    }

    /// The manifests' programs of `fixture` still running, and their build folders still there.
    private static func leftovers(of fixture: FixtureWorkspace) -> (processes: [Int32], folders: [String]) {
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter { $0.hasPrefix("build-") }
        return (processes(naming: cache.path + "/build-").map(\.pid), folders)
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
            [try Self.tool(), "check"], in: fixture.root.path, environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "3"]),
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
        for value in ["soon", "0", "-5"] {
            let result = try await ChildProcess.run(
                [try Self.tool(), "check"], in: fixture.root.path, environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": value]),
                timeout: .seconds(120))
            #expect(result.termination == .exited(64))
            #expect(
                result.errorText
                    == "workspace: EXCELSIOR_MANIFEST_TIMEOUT must be a number of seconds from 0 to 86400, such as 120, not '\(value)'.\n")
        }
    }

    /// Starts the tool's `check` on `fixture` as a shell would: every signal at its default and
    /// none blocked (a test's threads block some, and a child inherits that), output discarded.
    private static func startCheck(in fixture: FixtureWorkspace) throws -> pid_t {
        let tool = try Self.tool()
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // GNU env's -C sets the folder: posix_spawn_file_actions_addchdir_np is not imported into Swift.
        let arguments: [String] = ["/usr/bin/env", "-C", fixture.root.path(percentEncoded: false), tool, "check"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid = pid_t()
        let failure = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environment)
        guard failure == 0 else { throw ChildProcessError.cannotStart(program: tool, reason: String(cString: strerror(failure))) }
        return pid
    }

    /// Starts the tool on `fixture`, sends it `signal` once the manifests' program runs, and
    /// returns how the tool ended (`WTERMSIG`, or 0 if it exited) and whether the program was seen running.
    private static func interrupt(_ fixture: FixtureWorkspace, with signal: Int32) async throws -> (
        endingSignal: Int32, sawProgram: Bool
    ) {
        let pid = try startCheck(in: fixture)
        return try await onOwnThread {
            let deadline = Date().addingTimeInterval(120)
            while !Self.programRuns(in: fixture) && Date() < deadline { usleep(100_000) }
            let sawProgram = Self.programRuns(in: fixture)
            usleep(300_000)
            kill(pid, signal)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return (status & 0x7f, sawProgram)
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
            [try Self.tool(), "check"], in: fixture.root.path, environment: Self.environment(["EXCELSIOR_MANIFEST_TIMEOUT": "1"]),
            timeout: .seconds(120))
        #expect(next.termination == .exited(65))
        #expect(Self.leftovers(of: fixture).folders == [], "the next tool removed it")
    }
}
