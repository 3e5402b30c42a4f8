// The TestSupport module: helpers every test target shares (clocks, seeded random, leak tracking, scratch folders); never product code. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let TestSupport = Module.library(
        "TestSupport",
        layer: .foundation,
        dependencies: [],
        testing: nil
    )
}
