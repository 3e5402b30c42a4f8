import Foundation
import Postgres
import Processes
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL server of the test's own: `initdb` into a temporary directory, `postgres` on a
/// free loopback port and a socket in that directory, with `fsync` off. Run as user 65534 when
/// the tests run as root (PostgreSQL refuses root), in a directory that user owns. `start()`
/// returns once it accepts connections; `stop()` (or the end of the value's life) ends it and
/// removes the directory, and a watchdog ends it if the test process dies first.
///
/// Tests that need it are enabled `if: PostgresServerProcess.isInstalled` and say
/// `PostgresServerProcess.installHint` when skipped.
public final class PostgresServerProcess: Sendable {
    /// The role tests connect as; over TCP it needs `password`, over the socket nothing.
    public static let user = "excelsior"
    /// The role's password.
    public static let password = "tiger-\(UUID().uuidString.prefix(8))"

    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// The temporary directory: the data directory `data`, the socket and `server.log`.
    public let directory: URL
    private let process = Mutex<Process?>(nil)
    private let databases = Mutex(0)

    /// Why the PostgreSQL tests are skipped, and how to enable them.
    public static let installHint =
        "PostgreSQL is not installed; install it (apt-get install postgresql libpq-dev, brew install postgresql libpq) to run these tests"

    /// The folder holding `initdb` and `postgres`, or nil when PostgreSQL is not installed.
    public static let binDirectory: URL? = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let debian = versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = debian + path + ["/usr/local/bin", "/opt/homebrew/bin", "/opt/homebrew/opt/postgresql/bin"]
        let manager = FileManager.default
        return candidates.first { manager.isExecutableFile(atPath: $0 + "/initdb") && manager.isExecutableFile(atPath: $0 + "/postgres") }
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
    }()

    /// Whether `initdb` and `postgres` are installed.
    public static var isInstalled: Bool { binDirectory != nil }

    /// The server shared by every test of this process that needs only a fresh database.
    public static func shared() throws -> PostgresServerProcess {
        try sharedServer.get()
    }

    private static let sharedServer = Result { try PostgresServerProcess.start() }

    /// The URL of database `database` over TCP, with the password.
    public func url(database: String = "postgres") -> String {
        "postgres://\(Self.user):\(Self.password)@127.0.0.1:\(port)/\(database)"
    }

    /// The URL of database `database` through the Unix socket in `directory` (no password).
    public func socketURL(database: String = "postgres") -> String {
        let host = directory.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? directory.path
        return "postgres://\(Self.user)@\(host):\(port)/\(database)"
    }

    /// A configuration for `url` with short time-outs, as tests want them.
    public static func configuration(_ url: String) throws -> PostgresConfiguration {
        var configuration = try PostgresConfiguration(url: url)
        configuration.connectTimeout = .seconds(2)
        configuration.statementTimeout = .seconds(5)
        return configuration
    }

    /// Creates a new, empty database and returns its TCP URL.
    public func createDatabase() throws -> String {
        let number = databases.withLock { count in
            count += 1
            return count
        }
        let name = "test_\(number)"
        let connection = try PostgresConnection(configuration: Self.configuration(socketURL()))
        try connection.run("CREATE DATABASE \(name)")
        return url(database: name)
    }

    private init(port: Int, directory: URL) {
        self.port = port
        self.directory = directory
    }

    /// Creates a cluster in a new temporary directory and starts a server on it.
    public static func start() throws -> PostgresServerProcess {
        guard let binDirectory else { throw PostgresServerError(message: installHint) }
        let directory = try PrivilegeDrop.makeDirectory()
        let passwordFile = directory.appendingPathComponent("password")
        do {
            try Data(password.utf8).write(to: passwordFile)
            try PrivilegeDrop.handOver(passwordFile)
            try run(
                binDirectory.appendingPathComponent("initdb"),
                [
                    "-D", directory.appendingPathComponent("data").path, "-U", user, "--pwfile=\(passwordFile.path)", "-A", "trust",
                    "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync",
                ], in: directory)
            try? FileManager.default.removeItem(at: passwordFile)
            var lastError = PostgresServerError(message: "no free port")
            for _ in 0..<5 {
                guard let port = freeLoopbackPort() else { continue }
                let server = PostgresServerProcess(port: port, directory: directory)
                do {
                    try server.launch()
                    return server
                } catch {
                    lastError = error
                    server.stop()
                }
            }
            throw lastError
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Kills the server at once (`SIGKILL` to the postmaster, as a crash would) and waits until it is gone.
    public func crash() {
        end(signal: SIGKILL)
    }

    /// Starts the server again on the same port and directory, after `crash()` or `stop()`.
    public func restart() throws {
        crash()
        try launch()
    }

    /// Ends the server (an immediate shutdown, `SIGQUIT`) and waits until it is gone; the
    /// directory stays until deinit.
    public func stop() {
        end(signal: SIGQUIT)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func end(signal: Int32) {
        process.withLock { process in
            guard let running = process else { return }
            if let pid = postmasterPID() { kill(pid, signal) }
            running.waitUntilExit()
            process = nil
        }
    }

    /// The postmaster's process id, from the first line of `data/postmaster.pid`.
    private func postmasterPID() -> pid_t? {
        let file = directory.appendingPathComponent("data/postmaster.pid")
        return (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n").first.flatMap { pid_t($0) }
    }

    /// Starts `postgres` under a watchdog shell that ends it when this process is gone, and
    /// waits until it accepts connections (trying again while a killed server's processes linger).
    private func launch() throws(PostgresServerError) {
        guard let binDirectory = Self.binDirectory else { throw PostgresServerError(message: Self.installHint) }
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let started = try Self.watchdog(binDirectory.appendingPathComponent("postgres"), port: port, directory: directory)
            while started.isRunning && ContinuousClock.now < deadline {
                if (try? PostgresConnection(configuration: Self.configuration(socketURL()))) != nil {
                    process.withLock { $0 = started }
                    return
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            if started.isRunning {
                started.terminate()
                started.waitUntilExit()
            }
            guard ContinuousClock.now < deadline else {
                let log = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
                throw PostgresServerError(message: "postgres on port \(port) did not start: \(log.suffix(400))")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private static func watchdog(_ postgres: URL, port: Int, directory: URL) throws(PostgresServerError) -> Process {
        let script = """
            alive() { if [ -d /proc/self ]; then [ -d "/proc/$1" ]; else kill -0 "$1" 2>/dev/null; fi; }
            "$1" -D "$2/data" -p "$3" -k "$2" -c listen_addresses=127.0.0.1 -c fsync=off \
                -c full_page_writes=off -c max_connections=100 -c shared_buffers=16MB >>"$2/server.log" 2>&1 &
            server=$!
            while alive "$server" && alive "$4"; do sleep 0.2; done
            if alive "$server"; then kill -QUIT "$server"; wait "$server"; rm -rf "$2"; fi
            """
        let arguments = ["/bin/sh", "-c", script, "postgres-watchdog", postgres.path, directory.path, String(port), String(getpid())]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PrivilegeDrop.wrapper.first ?? "/bin/sh")
        process.arguments =
            Array(PrivilegeDrop.wrapper.dropFirst()) + (PrivilegeDrop.wrapper.isEmpty ? Array(arguments.dropFirst()) : arguments)
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PostgresServerError(message: "cannot run \(postgres.path): \(error)")
        }
        return process
    }

    /// Runs `executable` with `arguments` (as the unprivileged user when root) and waits; throws its output when it fails.
    private static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws(PostgresServerError) {
        let command = PrivilegeDrop.wrapper + [executable.path] + arguments
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(command, in: directory.path, mergingErrors: true)
        } catch {
            throw PostgresServerError(message: "cannot run \(executable.path): \(error)")
        }
        guard result.status == 0 else {
            throw PostgresServerError(
                message: "\(executable.lastPathComponent) failed (\(result.termination)): \(result.outputText.suffix(400))")
        }
    }
}
