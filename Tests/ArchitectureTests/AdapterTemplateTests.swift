import Foundation
import Testing
import WorkspaceKit

/// `new --template adapter` implements a port that the templates wrote over a technology, makes
/// it the port's live implementation in the composition root, and what it wrote passes the
/// formatter and `check`, and `remove` takes it away whole; a port or technology it cannot
/// implement is refused, changing nothing.
/// (`FixtureBuildTests` builds such an adapter and runs its contract.)
@Suite(.onOwnThread) struct AdapterTemplateTests {
    /// A fixture with adapters, a SQLite technology module, a root listing features (with the
    /// workspace's own adapter helper), and the feature Forecasts made by its template.
    private func fixture() throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        _ = try fixture.listFeatures(rules: FixtureWorkspace.rulesWithAdapters)
        let helper = "Manifests/Helpers/Module+Adapter.swift"
        try fixture.write(helper, try String(contentsOf: FixtureWorkspace.packageRoot.appendingPathComponent(helper), encoding: .utf8))
        try fixture.module("SQLite", layer: "infrastructure")
        try fixture.generate()
        let feature = fixture.run(["new", "Forecasts", "--template", "feature"])
        #expect(feature.status == 0, "\(feature.err)")
        return fixture
    }

    private func text(_ path: String, in fixture: FixtureWorkspace) throws -> String {
        try String(contentsOf: fixture.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func anAdapterImplementsItsPortReplacesTheBundledServiceAndIsRemovedWhole() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let assembly = "App/App/Features/ForecastsAssembly.swift"
        let before = fixture.snapshot(skipping: [".build", ".swift-format"])
        let created = fixture.run(["new", "SQLiteForecasts", "--template", "adapter", "--port", "Forecasts", "--technology", "SQLite"])
        #expect(created.status == 0, "\(created.err)")
        #expect(created.out.contains("Registered it in the composition root: \(assembly), Manifests/Modules/App.swift."))
        #expect(created.out.last == "Try it: swift test --filter SQLiteForecastsTests.")

        let manifest = try text("Manifests/Modules/SQLiteForecasts.swift", in: fixture)
        #expect(manifest.contains("Module.adapter(") && manifest.contains(#"dependencies: ["Forecasts", "SQLite"]"#))
        #expect(manifest.contains(#"tests: ["Forecasts", "ForecastsTesting"]"#))
        let source = try text("Modules/SQLiteForecasts/Sources/SQLiteForecastsService.swift", in: fixture)
        #expect(source.contains("public final class SQLiteForecastsService: ForecastsService {"))
        let tests = try text("Tests/SQLiteForecastsTests/SQLiteForecastsServiceTests.swift", in: fixture)
        #expect(tests.contains("try await ForecastsServiceContract.verify(spec)"))

        let registered = try text(assembly, in: fixture)
        #expect(registered.hasPrefix("import Forecasts\nimport Injection\nimport SQLiteForecasts\n"))
        #expect(registered.contains("return try SQLiteForecastsService(directory: configuration.userDataDirectory())"))
        #expect(!registered.contains("BundledForecastsService"))
        #expect(registered.contains("/// Forecasts: its service, SQLiteForecastsService in the data directory, and its command."))
        #expect(try text("Manifests/Modules/App.swift", in: fixture).contains(#""Injection", "SQLiteForecasts"]"#))

        #expect(try fixture.lint(["Modules/SQLiteForecasts", "Tests/SQLiteForecastsTests", "App"]) == [])
        #expect(try fixture.problems() == [])
        // The port's assembly registers the adapter now: a second adapter is refused until it is put back.
        let second = fixture.run(["new", "SQLiteForecasts2", "--template", "adapter", "--port", "Forecasts", "--technology", "SQLite"])
        #expect(second.status == 64)
        #expect(
            second.err.first?.hasSuffix(
                "\(assembly) no longer registers the template's BundledForecastsService: "
                    + "register SQLiteForecastsService there yourself") == true, "\(second.err)")

        // `remove` gives the port its bundled service back and leaves the tree as it was.
        let removed = fixture.run(["remove", "SQLiteForecasts"])
        #expect(removed.status == 0, "\(removed.err)")
        #expect(
            removed.out.contains("Unregistered it from the composition root: \(assembly), Manifests/Modules/App.swift."), "\(removed.out)")
        #expect(fixture.changes(since: before, skipping: [".build", ".swift-format"]) == [])
    }

    @Test(arguments: [
        (
            ["--port", "Forecasts", "--technology", "Redis"],
            "the adapter template implements ports over SQLite, not Redis; write a Redis adapter by hand "
                + "(`new <Name> --layer adapter --dependencies Forecasts,Redis`)"
        ),
        (
            ["--port", "Forecasts"],
            "an adapter needs --port and --technology, such as "
                + "'new SQLiteForecasts --template adapter --port Forecasts --technology SQLite'"
        ),
        (["--port", "Weather", "--technology", "SQLite"], "the adapter's port Weather is not a module of the workspace"),
        (
            ["--port", "Core", "--technology", "SQLite"],
            "Core ships no contract for an adapter's tests to run: its Testing target declares no `public enum <Protocol>Contract`"
        ),
    ])
    func whatTheTemplateCannotImplementIsRefusedAndNothingChanges(_ options: [String], _ refusal: String) throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let before = fixture.snapshot(skipping: [".build"])
        let refused = fixture.run(["new", "SQLiteX", "--template", "adapter"] + options)
        #expect(refused.status == 64)
        #expect(refused.err.first?.hasSuffix(refusal) == true, "\(refused.err)")
        #expect(fixture.changes(since: before, skipping: [".build"]) == [])
    }

    @Test func aPortShapedOtherwiseIsLeftToBeWrittenByHand() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.write(
            "Modules/Forecasts/Sources/ForecastsService.swift",
            try text("Modules/Forecasts/Sources/ForecastsService.swift", in: fixture).replacing(
                "func item(id: String) async throws -> ForecastsItem",
                with: "func item(id: String) async throws -> ForecastsItem\n    func clear() async throws"))
        let refused = fixture.run(["new", "SQLiteForecasts", "--template", "adapter", "--port", "Forecasts", "--technology", "SQLite"])
        #expect(refused.status == 64)
        #expect(refused.err.first?.contains("ForecastsService asks for more: write its adapter by hand") == true, "\(refused.err)")
    }
}
