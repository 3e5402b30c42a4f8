// The PayloadCoding module: the binary Codable format cache entries are written in. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let PayloadCoding = Module.library(
        "PayloadCoding",
        layer: .foundation,
        dependencies: [],
        testing: nil,
        tests: ["TestSupport"]
    )
}
