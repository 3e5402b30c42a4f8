// The Injection module: Component, single, factory, Container and its errors; only CompositionRoot imports it. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let Injection = Module.library(
        "Injection",
        layer: .foundation,
        dependencies: [],
        tests: ["InjectionTesting", "TestSupport"]
    )
}
