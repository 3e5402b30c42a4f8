import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// The composition root's manifest follows its imports: a backend registered by hand (its
/// composer importing an adapter) needs no manifest edit, since `generate` declares what the root
/// imports and takes out what it no longer does; any other module's undeclared import stays a
/// problem `check` reports.
@Suite(.onOwnThread) struct RootDependenciesTests {
    @Test func generateDeclaresWhatTheRootImportsAndNothingElse() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        _ = try fixture.listFeatures()
        try fixture.module("Ledger", layer: "core")
        try fixture.write("App/App/Backends/LedgerBackend.swift", "import Ledger\n\nlet ledger = Ledger.self\n")
        // A module other than the root importing what it does not declare is left to `check`.
        try fixture.write("Modules/Feature/Sources/Uses.swift", "import Ledger\n")
        try fixture.generate()
        let before = try fixture.problems()
        #expect(
            before == [
                "App/App/Backends/LedgerBackend.swift:1: App implicitly depends on: Ledger (`swift run workspace generate` declares it)",
                "Modules/Feature/Sources/Uses.swift:1: Feature implicitly depends on: Ledger",
            ], "\(before)")

        let generated = fixture.run(["generate"])
        #expect(generated.status == 0, "\(generated.err)")
        #expect(generated.out.first == "Added to Manifests/Modules/App.swift what the composition root imports: Ledger.")
        let manifest = try String(contentsOf: fixture.root.appendingPathComponent("Manifests/Modules/App.swift"), encoding: .utf8)
        #expect(manifest.contains(#"dependencies: ["Core", "Feature", "Injection", "Ledger"]"#), "\(manifest)")
        let package = try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(#""Ledger""#))
        #expect(try fixture.problems() == ["Modules/Feature/Sources/Uses.swift:1: Feature implicitly depends on: Ledger"])

        // Up to date, it adds nothing and says nothing of it.
        #expect(fixture.run(["generate"]).out == ["Everything is up to date."])

        // The composer gone, the declaration goes with it.
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("App/App/Backends/LedgerBackend.swift"))
        let unregistered = fixture.run(["generate"])
        #expect(unregistered.out.first == "Took out of Manifests/Modules/App.swift what the composition root no longer imports: Ledger.")
        let after = try String(contentsOf: fixture.root.appendingPathComponent("Manifests/Modules/App.swift"), encoding: .utf8)
        #expect(after.contains(#"dependencies: ["Core", "Feature", "Injection"]"#), "\(after)")
    }
}
