import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// Every feature of the real workspace is a kit: its example program builds the feature's side of
/// the graph (no adapter, no infrastructure) and fewer modules than the app.
@Suite(.onOwnThread) struct FeatureKitTests {
    /// The targets `name` builds: itself and every target it depends on, directly or not.
    private func built(_ name: String, in graph: TargetGraph) -> Set<String> {
        let dependencies = Dictionary(graph.targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        var found: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            for dependency in dependencies[next] ?? [] where found.insert(dependency).inserted { queue.append(dependency) }
        }
        return found
    }

    @Test func everyFeatureHasAnExampleThatBuildsOnlyItsSideOfTheGraph() throws {
        let workspace = try ManifestLoader.load(root: WorkspaceTree.root)
        let graph = TargetGraph(workspace)
        let app = try #require(workspace.modules.first { $0.kind == .app })
        let appModules = built(app.name, in: graph).filter { workspace.module($0) != nil }
        let features = workspace.modules.filter { $0.layer == "feature" }
        #expect(!features.isEmpty)
        for feature in features {
            let example = try #require(feature.example, "\(feature.name) has no example program")
            let modules = built(example.name, in: graph).filter { workspace.module($0) != nil }
            #expect(modules.count < appModules.count, "\(example.name) builds \(modules.sorted())")
            let edge = modules.filter { ["adapter", "infrastructure", "app"].contains(workspace.module($0)?.layer ?? "") }
            #expect(edge.isEmpty, "\(example.name) builds \(edge.sorted())")
        }
    }
}
