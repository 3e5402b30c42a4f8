import Foundation
import WorkspaceKit

/// `swift run workspace generate | check | graph | new | rename | remove | move | affected | test | docs`: see `--help` and docs/WORKSPACE.md.
WorkspaceCommand.endChildrenOnSignals()
let status = WorkspaceCommand.run(
    Array(CommandLine.arguments.dropFirst()), root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
WorkspaceCommand.endLeftovers()
exit(status)
