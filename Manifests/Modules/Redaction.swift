// The Redaction module: the one rule for showing text that may hold a secret, such as a URL with a password. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Redaction = Module.library(
        "Redaction",
        layer: .foundation,
        dependencies: [],
        testing: nil
    )
}
