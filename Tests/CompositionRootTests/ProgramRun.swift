import Foundation
import Synchronization
import TestSupport

/// One run of the built `CompositionRoot` executable: its exit code and what it printed.
struct ProgramRun {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Runs the executable with `arguments` and waits for it to exit, on a thread of its own: a
    /// wait on one of the two threads the parallel tests share starves other tests' servers.
    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        let executable = try Self.executable()
        self = try await onOwnThread { try Self.run(executable, arguments, environment: environment) }
    }

    private init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    private static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> ProgramRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error is drained on its own thread, so a child that fills it before closing
        // standard output cannot stall on a full pipe.
        let errData = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        Thread {
            errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
            drained.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ProgramRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self)
        )
    }

    struct ExecutableNotBuilt: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "CompositionRoot is not built; looked in \(searched.joined(separator: ", "))" }
    }

    /// The `CompositionRoot` binary next to the test bundle (SwiftPM builds it for these tests).
    static func executable() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let directories =
            [
                Bundle.main.bundleURL,
                Bundle.main.bundleURL.deletingLastPathComponent(),
                testBinary.deletingLastPathComponent(),
            ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("CompositionRoot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ExecutableNotBuilt(searched: directories.map(\.path))
    }
}
