// The Sockets module: every POSIX socket call, with deadlines and bounded reads. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Sockets = Module.library(
        "Sockets",
        layer: .foundation,
        dependencies: [],
        testing: nil
    )
}
