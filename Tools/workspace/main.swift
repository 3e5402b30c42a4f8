import Foundation
import WorkspaceKit

/// `swift run workspace generate | check | graph [--format text|mermaid|dot] [--tests] | new <Name> --dependencies A,B [--layer L]`
let status = WorkspaceCommand.run(
    Array(CommandLine.arguments.dropFirst()), root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
exit(status)
