// The executable that composes the modules: `App/<name>`, sources at the top of its folder.
import WorkspaceDescription

extension Module {
    /// The app `name` in `App/<name>`, with its tests in `Tests/<name>Tests`; no Testing target.
    /// `testsReads` lists what its tests read outside their folder.
    static func app(_ name: String, dependencies: [String], tests: [String]? = [], testsReads: [String] = []) -> Module {
        Module(
            name: name, kind: .app, layer: .app, directory: "App/\(name)", sources: "App/\(name)", dependencies: dependencies,
            tests: tests.map { testTarget(for: name, dependencies: $0, reads: testsReads) })
    }
}
