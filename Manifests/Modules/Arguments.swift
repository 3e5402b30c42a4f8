// The Arguments module: a declarative command-line parser; each option and exit code declared once, errors, usage and a Markdown manual derived. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Arguments = Module.library(
        "Arguments",
        layer: .foundation,
        dependencies: [],
        testing: nil
    )
}
