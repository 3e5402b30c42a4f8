import Foundation
import Processes

/// Runs a program found on PATH in a folder, for tests that need git or swift.
enum ProgramRunner {
    /// The program's exit status and its standard output and error, interleaved.
    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(arguments, in: directory.path, mergingErrors: true)
        return (result.status ?? -1, result.outputText)
    }

    /// Makes `directory` a git repository with everything in it committed.
    static func commitAll(in directory: URL) throws {
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) {
            _ = try run(["git", "init", "-q"], in: directory)
        }
        _ = try run(["git", "add", "-A"], in: directory)
        _ = try run(
            ["git", "-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", "commit", "-q", "-m", "fixture"], in: directory)
    }
}
