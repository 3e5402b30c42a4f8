import Foundation
import Processes

/// Runs other programs for the benchmarks: peers, tools and the release `CompositionRoot`.
enum ChildProgram {
    /// What becomes of a child's standard output and error.
    enum Output {
        /// Shown as the benchmark program's own.
        case inherited
        /// Thrown away.
        case discarded
        /// Read and returned, both streams together (through `Processes`, which reads them at once
        /// and retries interrupted reads).
        case captured
    }

    /// Runs `executable` with `arguments` (in `directory`, if given) to its end: its exit status,
    /// and what it printed when `output` is `.captured` (otherwise empty).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil, output: Output) throws -> (
        status: Int32, output: String
    ) {
        if output == .captured {
            let result = try ChildProcess.run([executable] + arguments, in: directory?.path, mergingErrors: true)
            return (result.status ?? -1, result.outputText)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if output == .discarded {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        // Polled rather than waitUntilExit, whose run loop on Linux ends a wait only every 50 ms or
        // so: every timed run of a program took 52 ms, whatever the program did (as `Shell` does in
        // WorkspaceKit).
        while process.isRunning { usleep(200) }
        return (process.terminationStatus, "")
    }
}
