// The HTTPTypes module: HTTPRequest, HTTPResponse, HTTPError and the HTTPClient protocol, what a module that calls or answers HTTP needs without a transport. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let HTTPTypes = Module.library(
        "HTTPTypes",
        layer: .infrastructure,
        dependencies: ["Redaction"],
        tests: ["HTTPTypesTesting"]
    )
}
