import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The layers inside the adapters name no technology. The names come from the manifests: each
/// infrastructure module an adapter module is named after (SQLite for SQLiteFavorites). No
/// identifier or string literal of a feature, domain or data module holds one, in any case;
/// comments may, as docs say where a protocol is implemented.
@Suite(.onOwnThread) struct TechnologyNameTests {
    /// The layers that must name no technology.
    static let blindLayers: Set = ["feature", "domain", "data"]

    @Test func theNamesAreTheInfrastructureModulesAdaptersAreNamedAfter() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        #expect(Self.technologies(workspace) == ["Postgres", "Redis", "SQLite"])
    }

    @Test func featureDomainAndDataModulesNameNoTechnology() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        let modules = workspace.modules.filter { Self.blindLayers.contains($0.layer) }
        #expect(modules.count >= 4)
        let found = try modules.flatMap { try Self.mentions(of: Self.technologies(workspace), in: $0) }
        #expect(found == [])
    }

    /// The interface layer is as blind, but for the module graph it prints, generated from the
    /// manifests: the backends' names, options and prose come from their registrations.
    @Test func theInterfaceLayerNamesNoTechnologyButInItsGeneratedGraph() throws {
        let workspace = try ManifestLoader.load(root: ModuleSources.packageRoot)
        let interface = workspace.modules.filter { $0.layer == "interface" }
        #expect(interface.map(\.name) == ["Commands"])
        let graph = workspace.moduleGraphFile ?? "generated from the manifests"
        let found = try interface.flatMap { try Self.mentions(of: Self.technologies(workspace), in: $0) }
        #expect(found.filter { !$0.hasPrefix(graph) } == [])
        #expect(found.contains { $0.hasPrefix(graph) }, "the scan reads the graph, which names every module")
    }

    /// Each infrastructure module whose name starts an adapter module's name, sorted.
    static func technologies(_ workspace: Workspace) -> [String] {
        let adapters = workspace.modules.filter { $0.layer == "adapter" }.map(\.name)
        let infrastructure = workspace.modules.filter { $0.layer == "infrastructure" }.map(\.name)
        return infrastructure.filter { name in adapters.contains { $0.hasPrefix(name) && $0 != name } }.sorted()
    }

    /// `place: word` for each identifier or string literal of `module` that holds one of `technologies`, in any case.
    static func mentions(of technologies: [String], in module: Module) throws -> [String] {
        let lowered = technologies.map { $0.lowercased() }
        return try ModuleSources.words(of: module).filter { word in lowered.contains { word.text.lowercased().contains($0) } }
            .map { "\($0.place): \($0.text)" }
    }
}
