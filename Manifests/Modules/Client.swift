// The Client module: the Marvel API client (endpoints, signing, envelopes, Marvel's errors). Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Client = Module.library(
        "Client",
        layer: .infrastructure,
        dependencies: ["HTTPTypes"],
        testing: nil,
        tests: ["HTTPTypes", "HTTPTypesTesting"]
    )
}
