import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// A module's manifest can declare a system C library; `generate` writes its `.systemLibrary`
/// target and module map, and `check` treats its import like a dependency's.
@Suite(.onOwnThread) struct SystemLibraryTests {
    static let manifest = """
        import WorkspaceDescription

        extension Modules {
            static let Store = Module.library(
                "Store",
                layer: .core,
                tests: ["CSQLite", "StoreTesting"],
                systemLibraries: [
                    SystemLibrary(
                        name: "CSQLite",
                        header: "sqlite3.h",
                        link: "sqlite3",
                        pkgConfig: "sqlite3",
                        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
                    )
                ]
            )
        }
        """

    private func fixtureWithStore(importing source: String = "import CSQLite\n") throws -> FixtureWorkspace {
        let fixture = try FixtureWorkspace()
        try fixture.write("Manifests/Modules/Store.swift", Self.manifest)
        try fixture.write("Modules/Store/Sources/Store.swift", source)
        try fixture.write("Modules/Store/Testing/StoreTesting.swift", "import Store\n")
        try fixture.write("Tests/StoreTests/StoreTests.swift", "import CSQLite\nimport Store\nimport StoreTesting\n")
        try fixture.generate()
        return fixture
    }

    @Test func manifestReadsTheSystemLibrary() throws {
        let fixture = try fixtureWithStore()
        defer { fixture.remove() }
        let module = try #require(try ManifestLoader.load(root: fixture.root).module("Store"))
        #expect(
            module.systemLibraries == [
                SystemLibrary(
                    name: "CSQLite", header: "sqlite3.h", link: "sqlite3", pkgConfig: "sqlite3",
                    providers: [.init(manager: .apt, packages: ["libsqlite3-dev"]), .init(manager: .brew, packages: ["sqlite"])])
            ])
        #expect(module.targetDependencies == ["CSQLite"])
    }

    @Test func generateWritesTheTargetAndItsModuleMap() throws {
        let fixture = try fixtureWithStore()
        defer { fixture.remove() }
        let package = try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            package.contains(
                """
                        .systemLibrary(
                            name: "CSQLite",
                            path: "Modules/Store/CSQLite",
                            pkgConfig: "sqlite3",
                            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
                        ),
                """))
        #expect(package.contains("name: \"Store\",\n            dependencies: [\"CSQLite\"],"))
        let map = try String(contentsOf: fixture.root.appendingPathComponent("Modules/Store/CSQLite/module.modulemap"), encoding: .utf8)
        #expect(map.contains("module CSQLite [system] {\n    header \"shim.h\"\n    link \"sqlite3\"\n    export *\n}"))
        let shim = try String(contentsOf: fixture.root.appendingPathComponent("Modules/Store/CSQLite/shim.h"), encoding: .utf8)
        #expect(shim.contains("#include <sqlite3.h>"))
        #expect(try fixture.problems() == [], "\((try? fixture.problems()) ?? [])")
        #expect(try Generator.generate(try ManifestLoader.load(root: fixture.root), root: fixture.root) == [])
    }

    @Test func aHandEditedModuleMapIsStale() throws {
        let fixture = try fixtureWithStore()
        defer { fixture.remove() }
        try fixture.write("Modules/Store/CSQLite/module.modulemap", "module CSQLite {}\n")
        #expect(
            try fixture.problems() == [
                "Modules/Store/CSQLite/module.modulemap: Modules/Store/CSQLite/module.modulemap is out of date with Manifests/: run 'swift run workspace generate'"
            ])
    }

    @Test func aSystemLibraryNobodyImportsIsReported() throws {
        let fixture = try fixtureWithStore(importing: "public enum Store {}\n")
        defer { fixture.remove() }
        #expect(try fixture.problems() == ["Manifests/Modules/Store.swift: Store declares a system library it never imports: CSQLite"])
    }

    @Test func anotherModuleImportingTheSystemLibraryIsAnImplicitDependency() throws {
        let fixture = try fixtureWithStore()
        defer { fixture.remove() }
        try fixture.write("Modules/Feature/Sources/Raw.swift", "import CSQLite\n")
        #expect(try fixture.problems() == ["Modules/Feature/Sources/Raw.swift:1: Feature implicitly depends on: CSQLite"])
    }

    /// A malformed system library is a manifest the compiler refuses, at its file and line.
    @Test(arguments: [
        ("providers: [.yum([\"sqlite-devel\"])]", "'yum'"),
        ("providers: [.apt([true])]", "'Bool'"),
        ("colour: \"red\"", "colour"),
    ])
    func aMalformedSystemLibraryNamesFileLineAndProblem(argument: String, expected: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Store.swift",
            FixtureWorkspace.manifest(
                "Store",
                "\"Store\", layer: .core, systemLibraries: [SystemLibrary(name: \"CSQLite\", header: \"h.h\", link: \"l\", \(argument))]"
            ))
        let error = try #require(throws: ManifestCompileError.self) { try ManifestLoader.load(root: fixture.root) }
        #expect(error.output.hasPrefix("Manifests/Modules/Store.swift:4:") && error.output.contains(expected), "\(error.output)")
    }
}
