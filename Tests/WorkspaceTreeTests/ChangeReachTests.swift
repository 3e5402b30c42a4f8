import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// What a change reaches in the real workspace, as `workspace affected` selects it: a change in a
/// technology or an adapter reaches none of the CLI, the features and the domain, and selects at
/// most a fifth of the tests (a leaf adapter) or a third (HTTP and the Marvel client under it;
/// SQLite, which the workspace tool's tests also build, as the technology of the adapter template).
@Suite(.onOwnThread) struct ChangeReachTests {
    static let inner: Set<String> = ["Commands", "Favorites", "Repository"]

    @Test(arguments: [
        ("SQLite", 33.3), ("Postgres", 20), ("Redis", 20), ("Emulator", 20), ("HTTPServer", 20), ("SQLiteFavorites", 20),
        ("PostgresFavorites", 20), ("RedisStorage", 20), ("MarvelDataProviders", 20), ("HTTP", 33.3), ("Client", 33.3), ("Sockets", 100),
    ])
    func aChangeAtTheEdgeReachesNoInnerModuleAndFewTests(module name: String, percent: Double) throws {
        let root = WorkspaceTree.root
        let workspace = try ManifestLoader.load(root: root)
        let graph = TargetGraph(workspace)
        let module = try #require(workspace.module(name))
        let affected = AffectedTargets(
            changedFiles: [module.sourcesDirectory + "/Changed.swift"], graph: graph, packageIsGenerated: true)
        #expect(Self.inner.isDisjoint(with: affected.modules), "\(affected.modules)")
        let share = TestCount.share(of: affected.testTargets, in: try TestCount.byTarget(graph, root: root))
        #expect(share <= percent, "\(name) selects \(share) % of the tests: \(affected.testTargets)")
    }
}
