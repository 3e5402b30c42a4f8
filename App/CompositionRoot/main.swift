import Foundation

// A reader that goes away (`list | head -1`) makes writes fail with EPIPE instead of killing
// the process, so every output failure ends the same way, exit 74: with one line saying why,
// or quietly when the reader simply stopped reading.
signal(SIGPIPE, SIG_IGN)
let standardOutput = StandardStream(STDOUT_FILENO, name: "standard output")
let standardError = StandardStream(STDERR_FILENO, name: "standard error")
let environment = ProcessInfo.processInfo.environment
let console = Application.Console(
    out: { standardOutput.write($0 + "\n") },
    err: { standardError.write($0 + "\n") }
)
let application = Application(console: console, environment: environment, terminal: .current(environment))
var status = await application.run(Array(CommandLine.arguments.dropFirst()))
for stream in [standardOutput, standardError] {
    guard let reason = stream.failureReason else { continue }
    if !stream.readerWentAway { standardError.write("CompositionRoot: cannot write to \(stream.name): \(reason).\n") }
    status = .ioError
    break
}
exit(status.rawValue)
