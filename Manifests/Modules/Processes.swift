// The Processes module: runs child programs with both pipes read at once, EINTR retried, time-outs and signals that end them. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Processes = Module.library(
        "Processes",
        layer: .foundation,
        dependencies: [],
        testing: nil,
        tests: ["TestSupport"]
    )
}
