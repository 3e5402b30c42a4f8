import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// docs/ARCHITECTURE.md's module table is generated from the manifests between its markers, as
/// README.md's graph is: `check` reports it stale and `generate` rewrites it.
@Suite(.onOwnThread) struct ModuleTableTests {
    @Test func aStaleTableIsReportedAndWrittenFromTheManifests() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let manifest = FixtureWorkspace.manifest("Core", #""Core", layer: .core, dependencies: [], tests: ["CoreTesting"]"#)
        try fixture.write(
            "Manifests/Modules/Core.swift",
            "// The Core module: the rules | nothing else. Edit, then run `swift run workspace generate`.\n" + manifest)
        let page = "# Architecture\n\n\(ModuleTable.start)\n| `Gone` | core | old | — |\n\(ModuleTable.end)\n\nAfter.\n"
        try fixture.write("docs/ARCHITECTURE.md", page)
        #expect(
            try fixture.problems() == [
                "docs/ARCHITECTURE.md: docs/ARCHITECTURE.md is out of date with Manifests/: run 'swift run workspace generate'"
            ])
        try fixture.generate()
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
        let table = try String(contentsOf: fixture.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        #expect(
            table == """
                # Architecture

                \(ModuleTable.start)
                | module | layer | holds | imports |
                |---|---|---|---|
                | `App` | app |  | Core, Feature, Injection |
                | `Feature` | feature |  | Core |
                | `Core` | core | the rules \\| nothing else. | — |
                | `Injection` | foundation |  | — |
                \(ModuleTable.end)

                After.

                """)
    }

    @Test func thePackagesTableIsUpToDateAndHasEveryModule() throws {
        let workspace = try ManifestLoader.load(root: FixtureWorkspace.packageRoot)
        #expect(!Generator.stalePaths(workspace, root: FixtureWorkspace.packageRoot).contains(ModuleTable.path))
        let page = try String(contentsOf: FixtureWorkspace.packageRoot.appendingPathComponent(ModuleTable.path), encoding: .utf8)
        for module in workspace.modules {
            #expect(page.contains("| `\(module.name)` | \(module.layer) | "), "\(module.name)")
        }
        #expect(page.contains("| `HTTPTypes` | infrastructure | "))
        #expect(
            page.contains(
                "| `Client` | infrastructure | the Marvel API client (endpoints, signing, envelopes, Marvel's errors). | HTTPTypes |"))
    }

    @Test func theLayersTableIsWrittenFromTheRules() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let page = "\(ModuleTable.start)\n\(ModuleTable.end)\n\n\(LayerTable.start)\n| core | everything | Gone |\n\(LayerTable.end)\n"
        try fixture.write("docs/ARCHITECTURE.md", page)
        try fixture.generate()
        let written = try String(contentsOf: fixture.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let table = written[written.range(of: LayerTable.start)!.lowerBound...]
        #expect(
            table == """
                \(LayerTable.start)
                | layer | may depend on | modules |
                |---|---|---|
                | app | feature, core, foundation | App |
                | feature | core | Feature |
                | core | none | Core |
                | foundation | none | Injection |
                \(LayerTable.end)

                """)
    }
}
