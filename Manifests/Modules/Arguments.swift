// The Arguments module: a declarative command-line parser; each option declared once, errors and usage derived. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Arguments = Module.library(
        "Arguments",
        layer: .foundation,
        dependencies: [],
        testing: false
    )
}
