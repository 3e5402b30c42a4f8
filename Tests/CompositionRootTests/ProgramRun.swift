import Foundation
import Processes

/// One run of the built `CompositionRoot` executable: its exit code and what it printed.
struct ProgramRun {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Runs the executable with `arguments` and waits for it to exit, on a thread of its own: a
    /// wait on one of the threads the parallel tests share would starve other tests.
    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        let executable = try Self.executable()
        let result = try await ChildProcess.run(
            [executable.path] + arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        self.init(status: result.status ?? -1, stdout: result.outputText, stderr: result.errorText)
    }

    private init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
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
