import Foundation
import TestSupport
import Testing
import WorkspaceKit

@Suite(.onOwnThread) struct ScaffoldTests {
    private func run(_ arguments: [String], in fixture: FixtureWorkspace) -> (status: Int32, out: [String], err: [String]) {
        var out: [String] = []
        var err: [String] = []
        let status = WorkspaceCommand.run(arguments, root: fixture.root, out: { out.append($0) }, err: { err.append($0) })
        return (status, out, err)
    }

    @Test func newModuleIsScaffoldedRegisteredAndPassesCheck() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(["new", "Favorites", "--dependencies", "Core"], in: fixture)
        #expect(result.status == 0)
        #expect(result.err == [])
        for path in [
            "Manifests/Modules/Favorites.swift", "Modules/Favorites/Sources/FavoritesValue.swift",
            "Modules/Favorites/Testing/FavoritesFixtures.swift", "Tests/FavoritesTests/FavoritesValueTests.swift",
        ] {
            #expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(path).path), "\(path)")
        }
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(workspace.module("Favorites")?.layer == "feature")
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }

    /// The names follow docs/ARCHITECTURE.md's convention: protocol, live named for its source, `…Stub`, `…Contract`.
    @Test func serviceTemplateStartsWithAProtocolLiveStubContractAndPrintsItsComponent() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(["new", "Weather", "--template", "service", "--dependencies", "Core"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        let created = [
            "Manifests/Modules/Weather.swift", "Modules/Weather/Sources/BundledWeatherService.swift",
            "Modules/Weather/Sources/Weather.docc/Weather.md", "Modules/Weather/Sources/WeatherService.swift",
            "Modules/Weather/Testing/WeatherServiceContract.swift",
            "Modules/Weather/Testing/WeatherServiceStub.swift", "Tests/WeatherTests/WeatherServiceContractTests.swift",
        ]
        #expect(result.out.first == "Created Weather: \(created.joined(separator: ", ")). Package.swift regenerated.")
        #expect(
            result.out.last?.contains(
                "    static let weather = Component {\n        single { BundledWeatherService(items: []) as any WeatherService }") == true)
        let sources = try ["Sources/WeatherService.swift", "Testing/WeatherServiceContract.swift"].map {
            try String(contentsOf: fixture.root.appendingPathComponent("Modules/Weather/\($0)"), encoding: .utf8)
        }
        #expect(sources[0].hasPrefix("import Core\n\n/// What Weather offers"))
        #expect(sources.allSatisfy { !$0.contains("dependencies") }, "nothing generated repeats its manifest")
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }

    /// The wiring hint's property is lower camel case however the name is cased.
    @Test(arguments: [("HTTPRelay", "httpRelay"), ("SQL", "sql"), ("Relay2", "relay2")])
    func theWiringHintNamesItsPropertyInLowerCamelCase(name: String, property: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(["new", name, "--template", "service"], in: fixture)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.last?.contains("    static let \(property) = Component {\n") == true, "\(result.out)")
        #expect(result.out.last?.contains("and `\(property)` to the list") == true, "\(result.out)")
    }

    @Test(arguments: [
        (["new", "favorites"], "workspace: 'favorites' is not a module name: use UpperCamelCase letters and digits, such as Favorites"),
        (["new", "Core"], "workspace: a module or target named Core already exists"),
        (["new", "Favorites", "--dependencies", "Nope"], "workspace: unknown dependency Nope (modules: App, Core, Feature, Injection)"),
        (["new", "Favorites", "--dependencies", "Injection"], "workspace: only App may depend on Injection"),
        (["new", "Favorites", "--layer", "core", "--dependencies", "Feature"], "workspace: layer core may not depend on feature"),
        (["new"], "workspace: new needs a module name, such as 'new Favorites --dependencies Storage'."),
        (["new", "Favorites", "--colour"], "workspace: Unknown flag '--colour' for new."),
        (["new", "Favorites", "--template", "app"], "workspace: --template must be one of library, service, feature, adapter, got 'app'."),
        (["new", "Favorites", "--layer"], "workspace: --layer needs a value."),
    ])
    func badRequestsAreRefusedWithOneLine(arguments: [String], message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let result = run(arguments, in: fixture)
        #expect(result.status == 64)
        #expect(result.err == [message])
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Manifests/Modules/Favorites.swift").path))
    }

    @Test func brokenManifestExits65NamingFileAndLine() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Core.swift", FixtureWorkspace.manifest("Core", #""Core" layer: .core"#))
        let result = run(["check"], in: fixture)
        #expect(result.status == 65)
        let output = result.err.joined(separator: "\n")
        #expect(output.hasPrefix("Manifests/Modules/Core.swift:4:") && output.contains("error: expected ',' separator"), "\(output)")
    }

    @Test func checkExitsOneAndPrintsEveryProblem() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Modules/Feature/Sources/Wiring.swift", "import Injection\nimport App\n")
        let result = run(["check"], in: fixture)
        #expect(result.status == 1)
        #expect(
            result.err == [
                "Modules/Feature/Sources/Wiring.swift:1: Feature must not import Injection: only App may",
                "Modules/Feature/Sources/Wiring.swift:2: Feature (feature) must not depend on App (app): feature may depend on core",
            ])
    }

    @Test func staleReadmeGraphIsReportedAndRegenerated() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("README.md", "# Fixture\n\n\(GraphRenderer.readmeStart)\nold\n\(GraphRenderer.readmeEnd)\n")
        #expect(try fixture.problems() == ["README.md: README.md is out of date with Manifests/: run 'swift run workspace generate'"])
        #expect(run(["generate"], in: fixture).out == ["Wrote README.md."])
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
        #expect(run(["generate"], in: fixture).out == ["Everything is up to date."])
    }

    @Test func graphPrintsEachFormat() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        #expect(
            run(["graph"], in: fixture).out == [
                """
                App (app) → Feature, Core, Injection
                Core (core)
                Feature (feature) → Core
                Injection (foundation)
                """
            ])
        #expect(run(["graph", "--format", "mermaid"], in: fixture).out.first?.hasPrefix("graph TD\n    App --> Feature") == true)
        #expect(
            run(["graph", "--format", "dot", "--tests"], in: fixture).out.first?.contains(
                "\"CoreTests\" -> \"CoreTesting\" [style=dashed];") == true)
        #expect(
            run(["graph", "--format", "svg"], in: fixture).err == ["workspace: --format must be one of text, mermaid, dot, got 'svg'."])
    }
}

@Suite(.onOwnThread) struct GeneratedGraphFileTests {
    @Test func moduleGraphSourceIsGeneratedAndCheckedLikePackageSwift() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Workspace.swift",
            FixtureWorkspace.rules.replacingOccurrences(
                of: "tools: []", with: "moduleGraphFile: \"App/App/ModuleGraph.swift\",\n    tools: []"))
        #expect(
            try fixture.problems() == [
                "App/App/ModuleGraph.swift: App/App/ModuleGraph.swift is out of date with Manifests/: run 'swift run workspace generate'"
            ])
        try fixture.generate()
        let source = try String(contentsOf: fixture.root.appendingPathComponent("App/App/ModuleGraph.swift"), encoding: .utf8)
        #expect(source.contains("    static let text = #\"\"\"\n        App (app) → Feature, Core, Injection\n"))
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
    }
}
