import Foundation

let console = Application.Console(
    out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
let status = await Application(console: console).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
