// This workspace's conventions for a library module, in one place: where its folders are and what
// its Testing and test targets are called. Change them here and every manifest follows.
import WorkspaceDescription

extension Module {
    /// A library `Modules/<name>/Sources` with its doubles and contract suites in `<name>Testing`
    /// (`Modules/<name>/Testing`) and its tests in `<name>Tests` (`Tests/<name>Tests`).
    /// `testing` and `tests` list what those targets import besides the module itself; nil leaves
    /// the target out. `testsReads` lists the files and folders outside `Tests/<name>Tests` its
    /// tests read at run time (fixtures, docs), so that a change to them selects the tests.
    static func library(
        _ name: String, layer: Layer, dependencies: [String] = [], testing: [String]? = [], tests: [String]? = [],
        testsReads: [String] = [], resources: [String] = [], systemLibraries: [SystemLibrary] = []
    ) -> Module {
        let directory = "Modules/\(name)"
        return Module(
            name: name, layer: layer, directory: directory, sources: "\(directory)/Sources", dependencies: dependencies,
            resources: resources, systemLibraries: systemLibraries,
            testing: testing.map { Target(name: "\(name)Testing", path: "\(directory)/Testing", dependencies: [name] + $0) },
            tests: tests.map { testTarget(for: name, dependencies: $0, reads: testsReads) })
    }

    /// The test target of the module `name`, `Tests/<name>Tests`, importing the module and
    /// `dependencies` and reading `reads` outside its folder.
    static func testTarget(for name: String, dependencies: [String], reads: [String] = []) -> Target {
        Target(name: "\(name)Tests", path: "Tests/\(name)Tests", dependencies: [name] + dependencies, reads: reads)
    }
}
