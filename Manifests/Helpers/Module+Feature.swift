// A feature is a kit: the library, its Testing target, its tests, and an example program that
// runs the feature alone, so a developer iterates on it without building the product.
import WorkspaceDescription

extension Module {
    /// A feature-layer library (see `library`) with the program `<name>Example` in
    /// `Examples/<name>Example`, which composes the feature with doubles or bundled data;
    /// `example` lists what the program imports besides the feature.
    static func feature(
        _ name: String, dependencies: [String] = [], testing: [String]? = [], tests: [String]? = [], testsReads: [String] = [],
        example: [String] = [], resources: [String] = []
    ) -> Module {
        var module = library(
            name, layer: .feature, dependencies: dependencies, testing: testing, tests: tests, testsReads: testsReads,
            resources: resources)
        module.example = Target(name: "\(name)Example", path: "Examples/\(name)Example", dependencies: [name] + example)
        return module
    }
}
