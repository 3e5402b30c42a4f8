import Foundation
import Processes

/// The built `workspace` tool run as a user runs it, for the tests that send it signals or read
/// `/proc` to see what it left running.
enum ToolProcess {
    /// The built tool, next to the test bundle.
    static func path() throws -> String {
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
    static func processes(naming text: String) -> [(pid: Int32, program: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self)
            return line.contains(text) ? (pid, String(line.prefix { $0 != "\0" })) : nil
        }
    }

    /// Starts the tool with `arguments` in `directory` as a shell would: every signal at its
    /// default and none blocked (a test's threads block some, and a child inherits that), output
    /// discarded, `extra` added to the environment.
    static func start(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> pid_t {
        let tool = try path()
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
        let command: [String] = ["/usr/bin/env", "-C", directory.path(percentEncoded: false), tool] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let environment =
            ProcessInfo.processInfo.environment.merging(extra) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid = pid_t()
        let failure = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environment)
        guard failure == 0 else { throw ChildProcessError.cannotStart(program: tool, reason: String(cString: strerror(failure))) }
        return pid
    }

    /// Waits for `pid`, a child of this process; returns the signal that ended it, or 0 if it exited.
    static func endingSignal(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f
    }
}
