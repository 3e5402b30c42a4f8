import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// This repository follows its own manifests and rules, and its Package.swift is the generated one.
@Suite(.onOwnThread) struct RealWorkspaceTests {
    @Test func theRealWorkspaceFollowsItsManifestsAndRules() throws {
        let workspace = try ManifestLoader.load(root: WorkspaceTree.root)
        let problems = WorkspaceChecker(root: WorkspaceTree.root, workspace: workspace).problems()
        #expect(problems.map(\.description) == [])
    }

    @Test func packageSwiftIsTheOneTheManifestsGenerate() throws {
        let workspace = try ManifestLoader.load(root: WorkspaceTree.root)
        let package = try String(contentsOf: WorkspaceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package == PackageGenerator.packageSwift(for: workspace))
        #expect(package.hasPrefix(PackageGenerator.header))
    }
}
