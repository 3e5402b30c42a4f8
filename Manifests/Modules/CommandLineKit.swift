// The CommandLineKit module: what every command of the program shares, whichever module owns it (the console, terminal-safe text, exit codes, the command protocol). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let CommandLineKit = Module.library(
        "CommandLineKit",
        layer: .foundation,
        dependencies: ["Arguments"],
        testing: []
    )
}
