import Foundation

/// Runs other programs for the benchmarks: peers, tools and the release `CompositionRoot`.
enum ChildProgram {
    /// What becomes of a child's standard output and error.
    enum Output {
        /// Shown as the benchmark program's own.
        case inherited
        /// Thrown away.
        case discarded
        /// Read and returned, both streams together.
        case captured
    }

    /// Runs `executable` with `arguments` (in `directory`, if given) to its end: its exit status,
    /// and what it printed when `output` is `.captured` (otherwise empty).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil, output: Output) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        switch output {
        case .inherited: break
        case .discarded:
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        case .captured:
            process.standardOutput = pipe
            process.standardError = pipe
        }
        try process.run()
        let printed = output == .captured ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        // Polled rather than waitUntilExit, whose run loop on Linux ends a wait only every 50 ms or
        // so: every timed run of a program took 52 ms, whatever the program did (as `Shell` does in
        // WorkspaceKit).
        while process.isRunning { usleep(200) }
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }
}
