import Foundation

/// A child process spawned with `posix_spawn`, its stdout on a pipe, its stderr the test's or a
/// file. `reap()` (also run by `deinit`) kills it if it still runs and waits for it, so no test
/// leaves a process behind.
package final class SpawnedChild {
    /// How a child ended.
    package enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exited with \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    package let pid: pid_t
    private var output: Int32
    private var buffer: [UInt8] = []
    private(set) var ending: Ending?

    /// Starts `executable` with `arguments`; stdin is /dev/null, stderr is the test's or, when
    /// given, `stderrFile` (created or emptied).
    package init(_ executable: URL, _ arguments: [String], stderrFile: URL? = nil) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        Self.closeInheritedDescriptors(&actions)
        if let stderrFile {
            posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path(percentEncoded: false), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let path = executable.path(percentEncoded: false)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, nil, argv, environment)
        close(fds[1])
        guard result == 0 else {
            close(fds[0])
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        output = fds[0]
    }

    deinit { reap() }

    #if canImport(Glibc)
        private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
        /// declare (it is a GNU extension), looked up at run time.
        private static let addCloseFrom: AddCloseFrom? = dlsym(
            UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
        )
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }
    #endif

    /// Makes the child close every descriptor above stderr that it would inherit from the test
    /// process (sockets and pipes of tests running beside it), so a child started with few
    /// descriptors (`prlimit --nofile`) has them all to itself.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
            _ = addCloseFrom?(&actions, 3)
        #endif
    }

    /// The next line the child prints, or nil when its stdout closes first; throws after `timeout`.
    package func readLine(timeout: Duration) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            guard try fill(until: deadline) else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
        }
    }

    /// Waits until the child prints `ready` (its first line); throws, naming what it printed
    /// instead, when it does not within 20 s.
    package func waitUntilReady() throws {
        let first = try readLine(timeout: .seconds(20))
        guard first == "ready" else {
            throw Failure(description: "a child process did not start: \(first ?? "no output")")
        }
    }

    /// Sends `signal` to the child (unless it has been reaped).
    package func send(_ signal: Int32) {
        if ending == nil { kill(pid, signal) }
    }

    /// Waits for the child to end; throws after `timeout` (the child is then killed by `reap`).
    @discardableResult
    package func wait(timeout: Duration) throws -> Ending {
        let deadline = ContinuousClock.now + timeout
        while ending == nil {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
            } else if result < 0 && errno != EINTR {
                throw Failure(description: "waitpid \(pid): \(String(cString: strerror(errno)))")
            } else if ContinuousClock.now > deadline {
                throw Failure(description: "child \(pid) still runs after \(timeout)")
            } else {
                usleep(1000)
            }
        }
        return ending!
    }

    /// Kills the child if it still runs, waits for it and closes the pipe. Safe to call twice.
    package func reap() {
        if ending == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ending = .signaled(SIGKILL)
        }
        if output >= 0 {
            close(output)
            output = -1
        }
    }

    /// Reads what is available into `buffer`; false at end of file. Throws at `deadline`.
    private func fill(until deadline: ContinuousClock.Instant) throws -> Bool {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failure(description: "child \(pid) printed no full line in time") }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno != EINTR { throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count == 0 { return false }
            if errno != EINTR { throw Failure(description: "read: \(String(cString: strerror(errno)))") }
        }
    }

    /// The built `cache-torture` (or the tool `name`) next to the test bundle (SwiftPM builds
    /// each for the fault test target that depends on it).
    package static func tortureTool(_ name: String = "cache-torture") throws -> URL {
        try builtProduct(name)
    }

    /// The built `CompositionRoot` next to the test bundle (SwiftPM builds it for FaultTests,
    /// which depends on it).
    package static func program() throws -> URL {
        try builtProduct("CompositionRoot")
    }

    /// The executable `name` among the products next to the test bundle.
    private static func builtProduct(_ name: String) throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let directories =
            [
                Bundle.main.bundleURL,
                Bundle.main.bundleURL.deletingLastPathComponent(),
                testBinary.deletingLastPathComponent(),
            ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "\(name) is not built; looked in \(directories.map(\.path).joined(separator: ", "))")
    }

    /// The system tool `name` (such as `prlimit`) from the usual directories, or nil.
    package static func systemTool(_ name: String) -> URL? {
        ["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
