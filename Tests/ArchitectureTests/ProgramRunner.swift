import Foundation

/// Runs a program found on PATH in a folder, for tests that need git or swift.
enum ProgramRunner {
    /// The program's exit status and its standard output and error, interleaved.
    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
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
