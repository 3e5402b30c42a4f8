import Foundation

let environment = ProcessInfo.processInfo.environment
let console = Application.Console(
    out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
let application = Application(console: console, environment: environment, terminal: .current(environment))
let status = await application.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
