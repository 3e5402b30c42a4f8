import Foundation
import TestSupport
import Testing
import WorkspaceKit

@Suite(.onOwnThread) struct RenameTests {
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    private func read(_ path: String, in fixture: FixtureWorkspace) throws -> String {
        try String(contentsOf: fixture.root.appendingPathComponent(path), encoding: .utf8)
    }

    private func exists(_ path: String, in fixture: FixtureWorkspace) -> Bool {
        FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(path).path)
    }

    @Test func renameMovesFoldersAndRewritesManifestsImportsAndCodeSpans() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Feature.swift",
            FixtureWorkspace.manifest("Feature", #""Feature", layer: .feature, dependencies: ["Core"], tests: ["Core", "CoreTesting"]"#))
        try fixture.write(
            "Tests/FeatureTests/FeatureTests.swift", "@testable import Core\nimport CoreTesting\nimport Feature\nimport Testing\n")
        try fixture.write(
            "Modules/Feature/Sources/Uses.swift", "#if canImport(Core)\nimport struct Core.Core\n#endif\nlet core = \"Core\"\n")
        try fixture.write(
            "README.md",
            "Use `Core` and `CoreTesting`, not Core; `Cores` stays.\n\(GraphRenderer.readmeStart)\n\(GraphRenderer.readmeEnd)\n")
        try fixture.generate()

        let result = run(["rename", "Core", "Kernel"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.first?.hasPrefix("Renamed Core to Kernel: ") == true)
        for path in ["Manifests/Modules/Kernel.swift", "Modules/Kernel/Sources/Core.swift", "Modules/Kernel/Testing/CoreTesting.swift"] {
            #expect(exists(path, in: fixture), "\(path)")
        }
        #expect(exists("Tests/KernelTests/CoreTests.swift", in: fixture))
        #expect(
            !exists("Modules/Core", in: fixture) && !exists("Tests/CoreTests", in: fixture)
                && !exists("Manifests/Modules/Core.swift", in: fixture))
        #expect(
            try read("Tests/FeatureTests/FeatureTests.swift", in: fixture)
                == "@testable import Kernel\nimport Feature\nimport KernelTesting\nimport Testing\n")
        #expect(
            try read("Modules/Feature/Sources/Uses.swift", in: fixture)
                == "#if canImport(Kernel)\nimport struct Kernel.Core\n#endif\nlet core = \"Core\"\n")
        #expect(try read("Tests/KernelTests/CoreTests.swift", in: fixture) == "import Kernel\nimport KernelTesting\nimport Testing\n")
        let readme = try read("README.md", in: fixture)
        #expect(readme.hasPrefix("Use `Kernel` and `KernelTesting`, not Core; `Cores` stays.\n"))
        #expect(readme.contains("| feature | `Feature` | Kernel |"))
        #expect(try read("Package.swift", in: fixture).contains("name: \"KernelTests\""))
        #expect(
            try read("Manifests/Modules/Feature.swift", in: fixture).contains(
                #"dependencies: ["Kernel"], tests: ["Kernel", "KernelTesting"]"#))
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }

    @Test func renameRewritesModuleQualifiersInCodeAndInItsOwnStringsUnlessATypeHasTheModulesName() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Modules/Core/Sources/Core.swift", "public enum Thing {}\n")
        try fixture.write("Modules/Core/Testing/CoreTesting.swift", "import Core\n\npublic typealias Spare = Core.Thing\n")
        try fixture.write(
            "Modules/Feature/Sources/Feature.swift",
            "import Core\n\nlet thing: Core.Thing? = nil\n// Core.Thing\nlet text = \"Core.Thing\"\n")
        try fixture.write("Modules/Injection/Sources/Injection.swift", "public enum Injection {}\nlet text = Injection.self\n")
        try fixture.write("Tests/CoreTests/CoreTests.swift", "import Core\nlet reflected = \"CoreTests.Suite.Hero\" // Core.Thing\n")
        try fixture.write("Manifests/Modules/Core.swift", FixtureWorkspace.manifest("Core", #""Core", layer: .core"#))
        #expect(run(["rename", "Core", "Kernel"], in: fixture).status == 0)
        #expect(
            try read("Tests/KernelTests/CoreTests.swift", in: fixture)
                == "import Kernel\nlet reflected = \"KernelTests.Suite.Hero\" // Kernel.Thing\n", "its own files: strings too")
        #expect(
            try read("Modules/Feature/Sources/Feature.swift", in: fixture)
                == "import Kernel\n\nlet thing: Kernel.Thing? = nil\n// Core.Thing\nlet text = \"Core.Thing\"\n")
        #expect(
            try read("Modules/Kernel/Testing/CoreTesting.swift", in: fixture) == "import Kernel\n\npublic typealias Spare = Kernel.Thing\n")

        #expect(run(["rename", "Injection", "Wiring"], in: fixture).status == 0)
        #expect(try read("Modules/Wiring/Sources/Injection.swift", in: fixture) == "public enum Injection {}\nlet text = Injection.self\n")
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }

    /// A fenced example in Markdown is left as it was written: it may show output or another workspace.
    @Test func renameLeavesFencedCodeBlocksInMarkdownAlone() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let fenced = """
            ```
            $ swift run workspace new Core
            Created `Core`: Manifests/Modules/Core.swift
            ```

            ~~~~swift
            import Core // `Core`
            ```
            still `Core` inside the tilde fence
            ~~~~

            """
        try fixture.write("docs/Guide.md", "Use `Core`.\n\n" + fenced + "Then `Core` again.\n")
        var err: [String] = []
        #expect(WorkspaceCommand.run(["rename", "Core", "Kernel"], root: fixture.root, out: { _ in }, err: { err.append($0) }) == 0)
        let guide = try read("docs/Guide.md", in: fixture)
        #expect(guide == "Use `Kernel`.\n\n" + fenced + "Then `Kernel` again.\n")
    }

    @Test(arguments: [
        (["rename", "Core", "Feature"], "workspace: a module or target named Feature already exists"),
        (["rename", "Core", "FeatureTesting"], "workspace: a module or target named FeatureTesting already exists"),
        (
            ["rename", "Core", "kernel"],
            "workspace: 'kernel' is not a module name: use UpperCamelCase letters and digits, such as Favorites"
        ),
        (
            ["rename", "Core", "Ker-nel"],
            "workspace: 'Ker-nel' is not a module name: use UpperCamelCase letters and digits, such as Favorites"
        ),
        (["rename", "Nope", "Kernel"], "workspace: unknown module Nope"),
        (["rename", "Core"], "workspace: rename needs two names, such as 'rename Favorites Bookmarks'."),
        (["rename", "Core", "Kernel", "Extra"], "workspace: rename takes two names, got 3."),
    ])
    func renameRefusesWithOneLineAndChangesNothing(arguments: [String], message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
        #expect(exists("Modules/Core/Sources/Core.swift", in: fixture))
        #expect(try read("Manifests/Modules/Feature.swift", in: fixture).contains("[\"Core\"]"))
    }

    @Test func removeDeletesAModuleNothingDependsOn() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        #expect(run(["new", "Extra", "--dependencies", "Core"], in: fixture).status == 0)
        let result = run(["remove", "Extra"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == ["Removed Extra: Manifests/Modules/Extra.swift, Modules/Extra, Tests/ExtraTests. Package.swift regenerated."])
        #expect(!exists("Modules/Extra", in: fixture))
        #expect(try !read("Package.swift", in: fixture).contains("Extra"))
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }

    @Test(arguments: [
        (["remove", "Core"], "workspace: cannot remove Core: App, Feature depend on it"),
        (["remove", "Feature"], "workspace: cannot remove Feature: App depends on it"),
        (["remove", "Injection"], "workspace: Injection is the workspace's injection module (Manifests/Workspace.swift)"),
        (["remove", "Nope"], "workspace: unknown module Nope"),
        (["remove"], "workspace: remove needs one module name, such as 'remove Favorites'."),
        (["remove", "Core", "Feature"], "workspace: remove takes one module name, got 2."),
    ])
    func removeRefusesWhileAnythingDependsOnIt(arguments: [String], message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
        #expect(exists("Modules/Core", in: fixture) && exists("Modules/Feature", in: fixture))
    }
}
