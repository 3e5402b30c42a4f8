import Foundation
import TestSupport
import WorkspaceKit

extension FixtureWorkspace {
    /// Runs the workspace tool with `arguments` in the fixture: its exit status and the lines it printed.
    func run(_ arguments: [String]) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    /// What `swift format lint --strict` says about `paths`, with the workspace's configuration.
    func lint(_ paths: [String]) throws -> [String] {
        try write(".swift-format", try String(contentsOf: Self.packageRoot.appendingPathComponent(".swift-format"), encoding: .utf8))
        let result = try ProgramRunner.run(["swift", "format", "lint", "--strict", "--recursive"] + paths, in: root)
        return result.output.split(separator: "\n").map(String.init).filter { $0.contains("warning:") || $0.contains("error:") }
    }
}

extension FixtureWorkspace {
    /// Gives the fixture, under `rules`, what a feature's command needs (the command-line kit,
    /// which features may import) and a composition root that lists its features, as the
    /// workspace's own does; returns the path of the list.
    func listFeatures(rules: String = FixtureWorkspace.rules) throws -> String {
        try write(
            "Manifests/Workspace.swift",
            rules.replacing("LayerRule(.feature, mayDependOn: [.core])", with: "LayerRule(.feature, mayDependOn: [.core, .foundation])"))
        try module("Arguments", layer: "foundation")
        try module("CommandLineKit", layer: "foundation")
        let list = "App/App/Features/FeatureAssembly.swift"
        // The root's dependencies sorted, as the tool keeps them.
        try write(
            "Manifests/Modules/App.swift",
            Self.manifest("App", #""App", dependencies: ["Core", "Feature", "Injection"], tests: nil"#, helper: "app"))
        try write(list, "/// The features.\nstruct FeatureAssembly {\n    static let all: [FeatureAssembly] = []\n}\n")
        return list
    }
}
