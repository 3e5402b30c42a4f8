import FaultTestSupport
import TestSupport

#if os(Linux)
    import Foundation

    /// `CompositionRoot serve --port 0` running as a child process, under `wrapper` (a command that
    /// sets limits and runs the rest, such as `prlimit --nofile=64 --`), its stderr in a file.
    final class ServeChild {
        let child: SpawnedChild
        let port: UInt16
        private let directory: ScratchDirectory
        private let stderrFile: URL

        /// Starts the server and waits (at most 20 s) for the line naming its address.
        init(wrapper: [String] = [], arguments: [String] = []) throws {
            directory = try ScratchDirectory(prefix: "excelsior-faults")
            stderrFile = directory.url.appendingPathComponent("stderr.txt")
            let program = try SpawnedChild.program().path(percentEncoded: false)
            let command = wrapper + [program, "serve", "--port", "0"] + arguments
            child = try SpawnedChild(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), stderrFile: stderrFile)
            let line = try child.readLine(timeout: .seconds(20)) ?? ""
            guard let range = line.range(of: "http://127.0.0.1:"), let port = UInt16(line[range.upperBound...]) else {
                child.reap()
                let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
                directory.remove()
                throw SpawnedChild.Failure(description: "serve did not start: '\(line)'; stderr: \(stderr)")
            }
            self.port = port
        }

        deinit {
            child.reap()
            directory.remove()
        }

        /// What the server has written to stderr so far.
        var stderr: String {
            (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        }

        /// Waits until stderr contains `text`, at most `timeout`; whether it did.
        func waitForStderr(containing text: String, timeout: Duration) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if stderr.contains(text) { return true }
                usleep(20_000)
            }
            return stderr.contains(text)
        }

        /// Sends SIGTERM and waits at most `timeout` for the server to end (throws after it).
        func terminate(timeout: Duration) throws -> SpawnedChild.Ending {
            child.send(SIGTERM)
            return try child.wait(timeout: timeout)
        }
    }
#endif
