import Foundation
import Synchronization

/// Whole runs of the release-built `CompositionRoot`: a warm `show` served from the disk cache
/// against `--version`, whose cost is process start alone (the floor). Goal: within 1.5×.
enum ProcessBenchmarks {
    static let goals = [
        Goal(
            "a warm `show` within 1.5× of `--version`", subject: ("cli.process", "show 1011334, warm disk cache"),
            baseline: ("cli.process", "CompositionRoot --version"), .atMost(1.5))
    ]

    static var all: [Benchmark] {
        [
            Benchmark(group: "cli.process", name: "CompositionRoot --version", role: .floor, operationsPerRound: 20) { runs in
                let program = try Program.shared()
                for _ in 0..<runs { try program.run(["--version"]) }
            },
            Benchmark(group: "cli.process", name: "show 1011334, warm disk cache", role: .subject, operationsPerRound: 20) { runs in
                let program = try Program.shared()
                for _ in 0..<runs { try program.run(["show", "1011334", "--cache", "disk", "--cache-dir", program.cacheDirectory.path]) }
            },
        ]
    }

    /// The release binary beside this one (built first if missing) and a warmed cache directory.
    final class Program: Sendable {
        let executable: URL
        let cacheDirectory: URL

        struct Failed: Error, CustomStringConvertible {
            let description: String
        }

        private static let made = Mutex<Program?>(nil)

        /// The program, prepared on first use (the warm-up), not while measured.
        static func shared() throws -> Program {
            if let program = made.withLock({ $0 }) { return program }
            let program = try Program()
            made.withLock { $0 = program }
            return program
        }

        private init() throws {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            executable = directory.appendingPathComponent("CompositionRoot")
            if !FileManager.default.isExecutableFile(atPath: executable.path) {
                // This program lives in <scratch>/<triple>/release: the same scratch folder builds it.
                let scratch = directory.deletingLastPathComponent().deletingLastPathComponent()
                let build = try ChildProgram.run(
                    "/usr/bin/env", ["swift", "build", "-c", "release", "--product", "CompositionRoot", "--scratch-path", scratch.path],
                    output: .inherited)
                guard build.status == 0 else { throw Failed(description: "swift build --product CompositionRoot failed") }
            }
            cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-bench-cache-\(UUID().uuidString)")
            try run(["show", "1011334", "--cache", "disk", "--cache-dir", cacheDirectory.path])
        }

        func run(_ arguments: [String]) throws {
            let status = try ChildProgram.run(executable.path, arguments, output: .discarded).status
            guard status == 0 else {
                throw Failed(description: "CompositionRoot \(arguments.joined(separator: " ")) exited \(status)")
            }
        }

        /// Removes the cache directory, if a run made one.
        static func cleanUp() {
            if let program = made.withLock({ $0 }) { try? FileManager.default.removeItem(at: program.cacheDirectory) }
        }
    }
}
