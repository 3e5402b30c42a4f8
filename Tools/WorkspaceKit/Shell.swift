import Foundation

/// Runs other programs: `git` for what changed, `swift` for tests and the toolchain's version.
enum Shell {
    /// Why another program could not answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How a program ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It outlived its time and was killed.
        case timedOut
    }

    /// How a program ended and what it wrote to standard output and error.
    struct Output {
        let ending: Ending
        let standardOutput: String
        let standardError: String

        /// The exit status, or -1 when it did not exit by itself.
        var status: Int32 {
            if case .exited(let status) = ending { status } else { -1 }
        }
    }

    /// Runs `arguments` (the program first, found on PATH) in `directory`, capturing its output;
    /// for programs that write little to standard error, which is read after standard output,
    /// unless `mergingErrors` sends both to `standardOutput` (for a compiler's diagnostics).
    static func capture(_ arguments: [String], in directory: URL, mergingErrors: Bool = false, timeout: Double? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = mergingErrors ? output : error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = mergingErrors ? Data() : error.fileHandleForReading.readDataToEndOfFile()
        // Both pipes are closed, so the program is ending: poll for its status rather than
        // waitUntilExit, whose run loop on Linux adds up to 100 ms per program.
        while process.isRunning { usleep(200) }
        return Output(
            ending: process.terminationReason == .uncaughtSignal
                ? .signalled(process.terminationStatus) : .exited(process.terminationStatus),
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs `arguments` in `directory` with the tool's own standard output and error; returns its status.
    static func run(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        fflush(nil)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
