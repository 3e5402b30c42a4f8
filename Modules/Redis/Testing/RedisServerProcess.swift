import Foundation
import Redis
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A `redis-server` of the test's own: on a free loopback port, in a temporary directory, saving
/// nothing (`--save '' --appendonly no`). `start()` returns once it answers `PING`; `stop()` (or
/// the end of the value's life) ends it and removes the directory.
///
/// Tests that need it are enabled `if: RedisServerProcess.isInstalled` and say
/// `RedisServerProcess.installHint` when skipped.
public final class RedisServerProcess: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// The server's working directory (its log is `redis.log` there).
    public let directory: URL
    private let process: Mutex<Process?>

    /// Why the Redis tests are skipped, and how to enable them.
    public static let installHint =
        "redis-server is not installed; install it (apt-get install redis-server, brew install redis) to run these tests"

    /// The path of `redis-server` on `PATH`, or nil when it is not installed.
    public static let executablePath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/bin", "/opt/homebrew/bin"]
        return directories.map { $0 + "/redis-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether `redis-server` is installed.
    public static var isInstalled: Bool { executablePath != nil }

    /// A loopback port nothing listens on just now, for tests of a server that is down.
    public static func unusedPort() throws -> Int {
        guard let port = LoopbackListener.freePort() else { throw RedisServerError(message: "cannot listen on 127.0.0.1") }
        return port
    }

    /// The URL a client uses to reach the server.
    public var url: String { "redis://127.0.0.1:\(port)" }

    /// A configuration for the server with time-outs a healthy server meets even on a busy
    /// machine (5 s); tests of time-outs set their own against servers that misbehave.
    public var configuration: RedisConfiguration {
        var configuration = RedisConfiguration(host: "127.0.0.1", port: port)
        configuration.connectTimeout = .seconds(5)
        configuration.readTimeout = .seconds(5)
        configuration.writeTimeout = .seconds(5)
        configuration.retryDelay = .milliseconds(50)
        return configuration
    }

    private init(port: Int, directory: URL, process: Process) {
        self.port = port
        self.directory = directory
        self.process = Mutex(process)
    }

    /// Starts a server (with `arguments` added to its command line) and waits until it answers.
    public static func start(arguments: [String] = []) throws -> RedisServerProcess {
        guard let executablePath else { throw RedisServerError(message: installHint) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redis-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lastError = RedisServerError(message: "no free port")
        for _ in 0..<5 {
            guard let port = LoopbackListener.freePort() else { continue }
            do {
                let process = try launch(executablePath, port: port, directory: directory, arguments: arguments)
                return RedisServerProcess(port: port, directory: directory, process: process)
            } catch {
                lastError = error
            }
        }
        try? FileManager.default.removeItem(at: directory)
        throw lastError
    }

    /// Kills the server at once (`SIGKILL`, as a crash would) and waits until it is gone.
    public func crash() {
        process.withLock { process in
            guard let running = process else { return }
            kill(running.processIdentifier, SIGKILL)
            running.waitUntilExit()
            process = nil
        }
    }

    /// Starts the server again on the same port and directory, after `crash()` or `stop()`.
    public func restart(arguments: [String] = []) throws {
        guard let executablePath = Self.executablePath else { throw RedisServerError(message: Self.installHint) }
        crash()
        let started = try Self.launch(executablePath, port: port, directory: directory, arguments: arguments)
        process.withLock { $0 = started }
    }

    /// Ends the server and waits until it is gone; the directory stays until deinit. It saves
    /// nothing, so it is killed (`SIGTERM` may be blocked in processes a test runner spawns).
    public func stop() {
        crash()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func launch(_ executablePath: String, port: Int, directory: URL, arguments: [String]) throws(RedisServerError) -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments =
            [
                "--port", String(port), "--bind", "127.0.0.1", "--dir", directory.path, "--save", "", "--appendonly", "no",
                "--logfile", "redis.log", "--daemonize", "no", "--protected-mode", "yes",
            ] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw RedisServerError(message: "cannot run \(executablePath): \(error)")
        }
        var configuration = RedisConfiguration(host: "127.0.0.1", port: port)
        configuration.connectTimeout = .milliseconds(200)
        configuration.retryDelay = .zero
        let client = RedisClient(configuration: configuration)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline && process.isRunning {
            do throws(RedisError) {
                try client.ping()
                return process
            } catch  where !error.isConnectionFailure {
                return process  // it answers, if only to say it wants a password
            } catch {}
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let log = (try? String(contentsOf: directory.appendingPathComponent("redis.log"), encoding: .utf8)) ?? ""
        throw RedisServerError(message: "redis-server on port \(port) did not answer PING: \(log.suffix(300))")
    }
}
