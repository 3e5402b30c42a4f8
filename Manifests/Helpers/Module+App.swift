// The executable that composes the modules, `App/<name>`, and the library it is built from,
// `App/<name>Kit`: sources at the top of each folder.
import WorkspaceDescription

extension Module {
    /// The app `name` in `App/<name>`, with its tests in `Tests/<name>Tests`; no Testing target.
    /// `testsReads` lists what its tests read outside their folder.
    static func app(_ name: String, dependencies: [String], tests: [String]? = [], testsReads: [String] = []) -> Module {
        Module(
            name: name, kind: .app, layer: .app, directory: "App/\(name)", sources: "App/\(name)", dependencies: dependencies,
            tests: tests.map { testTarget(for: name, dependencies: $0, reads: testsReads) })
    }

    /// The library `name` in `App/<name>` that an app's `main.swift` runs: the composition
    /// itself, which tools (the manual's generator) import too; tested through the app's tests.
    static func appKit(_ name: String, dependencies: [String]) -> Module {
        Module(name: name, layer: .app, directory: "App/\(name)", sources: "App/\(name)", dependencies: dependencies)
    }
}
