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

    @Test func renameMovesFoldersAndRewritesManifestsAndImportsAndListsTheProse() throws {
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
        #expect(result.out.dropFirst() == ["  prose that names Core, left as written: README.md"])
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
        #expect(readme.hasPrefix("Use `Core` and `CoreTesting`, not Core; `Cores` stays.\n"), "prose is the writer's")
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

    /// Prose is the writer's: a rename lists the Markdown outside the module that names it and
    /// leaves it as written, while the module's own catalog follows the name.
    @Test func renameLeavesProseAsWrittenAndListsIt() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let guide = "Run `workspace rename Core Kernel`, then `workspace remove Kernel`.\n\n```\nimport Core\n```\n"
        try fixture.write("docs/Guide.md", guide)
        try fixture.write("docs/Other.md", "Nothing about the kernel here.\n")
        try fixture.write("Modules/Core/Sources/Core.docc/Core.md", "# ``Core``\n\nImport `Core`.\n")
        let result = run(["rename", "Core", "Kernel"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.dropFirst() == ["  prose that names Core, left as written: docs/Guide.md"])
        #expect(try read("docs/Guide.md", in: fixture) == guide)
        #expect(try read("Modules/Kernel/Sources/Kernel.docc/Kernel.md", in: fixture) == "# ``Kernel``\n\nImport `Kernel`.\n")
    }

    /// The README's own walkthrough, a scaffold renamed and removed, leaves the tree as it was.
    @Test func newRenameRemoveLeavesTheTreeAsItWas() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "README.md",
            "Try `new Forecasts --template feature`, `rename Forecasts Outlook`, `remove Outlook`.\n"
                + "\(GraphRenderer.readmeStart)\n\(GraphRenderer.readmeEnd)\n")
        try fixture.write("docs/WORKSPACE.md", "Step 3: `new Forecasts`; then `rename Forecasts Outlook`.\n")
        try fixture.generate()
        let before = fixture.snapshot(skipping: [".build"])
        #expect(run(["new", "Forecasts", "--template", "feature"], in: fixture).status == 0)
        let renamed = run(["rename", "Forecasts", "Outlook"], in: fixture)
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(
            renamed.out.dropFirst() == [
                "  prose that names Forecasts, left as written: README.md",
                "  prose that names Forecasts, left as written: docs/WORKSPACE.md",
            ])
        #expect(run(["remove", "Outlook"], in: fixture).status == 0)
        #expect(fixture.changes(since: before, skipping: [".build"]) == [])
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
        (
            ["remove", "Core"],
            "workspace: cannot remove Core: App, Feature depend on it; remove Core from their manifest dependencies and imports "
                + "first (or remove them first), then run this again"
        ),
        (
            ["remove", "Feature"],
            "workspace: cannot remove Feature: App depends on it; remove Feature from its manifest dependencies and imports first "
                + "(or remove it first), then run this again"
        ),
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
