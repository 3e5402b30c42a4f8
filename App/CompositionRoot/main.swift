import CommandLineKit
import Commands
import CompositionRootKit
import Foundation
import Injection

// The composition root: parse the arguments, build the configuration and one container,
// resolve the command asked for, run it, and exit with its code.

// A reader that goes away (`list | head -1`) makes writes fail with EPIPE instead of killing
// the process, so every output failure ends the same way, exit 74: with one line saying why,
// or quietly when the reader simply stopped reading.
signal(SIGPIPE, SIG_IGN)
let standardOutput = StandardStream(STDOUT_FILENO, name: "standard output")
let standardError = StandardStream(STDERR_FILENO, name: "standard error")
let environment = ProcessInfo.processInfo.environment
let console = Console(
    out: { standardOutput.write($0 + "\n") }, err: { standardError.write($0 + "\n") }, terminal: .current(environment))

var status = ExitCode.ok
do {
    let line = try FeatureAssembly.parse(Array(CommandLine.arguments.dropFirst()))
    let configuration = try AppConfiguration(line.invocation, environment: environment)
    let container = try Container(AppComponents.all(configuration, line: line, console: console))
    let command = try await AppComponents.resolveCommand(in: container)
    try await command.run()
} catch {
    let report = ErrorReport(error, unwrap: { ($0 as? ContainerError)?.underlyingError }, explain: AppErrors.report(for:))
    console.err("CompositionRoot: \(report.message)")
    status = report.exitCode
}
for stream in [standardOutput, standardError] {
    guard let reason = stream.failureReason else { continue }
    if !stream.readerWentAway { standardError.write("CompositionRoot: cannot write to \(stream.name): \(reason).\n") }
    status = .ioError
    break
}
exit(status.rawValue)
