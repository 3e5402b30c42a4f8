// This workspace's own manifest helper: the boilerplate of a library module in one call.
import WorkspaceDescription

extension Module {
    /// A library module of this workspace, `Modules/<name>`, with a Testing target and tests
    /// unless `testing` is false: the parts most modules vary, the others left at their defaults.
    static func library(
        _ name: String, layer: Layer, dependencies: [String] = [], testDependencies: [String] = [], resources: [String] = [],
        testing: Bool = true
    ) -> Module {
        Module(
            name: name, layer: layer, dependencies: dependencies, testDependencies: testDependencies, resources: resources,
            testing: testing)
    }
}
