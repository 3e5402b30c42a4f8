import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// `move` and `rename` edit manifests that call a helper of Manifests/Helpers, and the compiler
/// accepts what they write (each command compiles the manifests again before it regenerates).
@Suite(.onOwnThread) struct HelperManifestTests {
    private func fixtureWithHelper() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write(
            "Manifests/Modules/Core.swift",
            "import WorkspaceDescription\n\nextension Modules {\n    static let Core = Module.library(\"Core\", layer: .core, tests: [\"CoreTesting\"])\n}\n"
        )
        try fixture.write(
            "Manifests/Modules/Feature.swift",
            """
            import WorkspaceDescription

            extension Modules {
                static let Feature = Module.library("Feature", layer: .feature, dependencies: ["Core"], tests: ["FeatureTesting"])
            }
            """)
        try fixture.generate()
        return fixture
    }

    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, err: [String]) {
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { _ in }, err: { err.append($0) })
        return (status, err)
    }

    @Test func moveGivesAHelperCallWithoutDependenciesItsFirstOne() throws {
        let fixture = try fixtureWithHelper()
        defer { fixture.remove() }
        try fixture.module("Wire", layer: "core")
        try fixture.write("Modules/Core/Sources/Socket.swift", "public struct Socket {}\n")
        try fixture.write("Modules/Core/Sources/Lingers.swift", "public struct Lingers { let socket: Socket }\n")
        let result = run(["move", "Modules/Core/Sources/Socket.swift", "--to", "Wire"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        let manifest = try String(contentsOf: fixture.root.appendingPathComponent("Manifests/Modules/Core.swift"), encoding: .utf8)
        #expect(manifest.contains(#"Module.library("Core", layer: .core, dependencies: ["Wire"], tests: ["CoreTesting"])"#))
        #expect(try ManifestLoader.load(root: fixture.root).module("Core")?.dependencies == ["Wire"])
    }

    @Test func renameRewritesAHelperCallAndItsModulesName() throws {
        let fixture = try fixtureWithHelper()
        defer { fixture.remove() }
        let result = run(["rename", "Core", "Kernel"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        let manifest = try String(contentsOf: fixture.root.appendingPathComponent("Manifests/Modules/Kernel.swift"), encoding: .utf8)
        #expect(manifest.contains(#"static let Kernel = Module.library("Kernel", layer: .core, tests: ["KernelTesting"])"#))
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(workspace.module("Feature")?.dependencies == ["Kernel"])
        #expect(workspace.module("Kernel")?.manifest == "Manifests/Modules/Kernel.swift")
    }
}
