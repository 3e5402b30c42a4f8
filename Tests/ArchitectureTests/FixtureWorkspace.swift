import Foundation
import WorkspaceKit

/// A small workspace in a temporary folder: App → Feature → Core, plus Injection; each test
/// breaks one rule in it.
struct FixtureWorkspace {
    let root: URL

    static let rules = """
        import WorkspaceDescription

        extension Layer {
            static let app = Layer("app")
            static let feature = Layer("feature")
            static let core = Layer("core")
            static let foundation = Layer("foundation")
        }

        let workspace = Workspace(
            name: "Fixture",
            macOS: "15",
            layers: [
                LayerRule(.app, mayDependOn: [.feature, .core, .foundation]),
                LayerRule(.feature, mayDependOn: [.core]),
                LayerRule(.core, mayDependOn: []),
                LayerRule(.foundation, mayDependOn: []),
            ],
            injection: "Injection",
            mayImportInjection: ["App"],
            tools: []
        )
        """

    /// `rules` with an adapter layer (and the infrastructure its technologies are in), which
    /// only the app may import.
    static let rulesWithAdapters = rules.replacing(
        "    static let feature = Layer(\"feature\")",
        with: "    static let adapter = Layer(\"adapter\")\n    static let feature = Layer(\"feature\")\n"
            + "    static let infrastructure = Layer(\"infrastructure\")"
    ).replacing(
        "LayerRule(.app, mayDependOn: [.feature, .core, .foundation]),",
        with: "LayerRule(.app, mayDependOn: [.adapter, .feature, .core, .infrastructure, .foundation]),\n"
            + "        LayerRule(.adapter, mayDependOn: [.feature, .core, .infrastructure, .foundation]),\n"
            + "        LayerRule(.infrastructure, mayDependOn: []),")

    /// Copies the workspace's own `SQLite` module (the technology of the adapter template) into
    /// the fixture, declared in its infrastructure layer with the system library it wraps.
    func addSQLite() throws {
        let sources = Self.packageRoot.appendingPathComponent("Modules/SQLite/Sources")
        for path in FileManager.default.subpaths(atPath: sources.path) ?? [] where path.hasSuffix(".swift") || path.hasSuffix(".md") {
            try write("Modules/SQLite/Sources/\(path)", try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8))
        }
        try write(
            "Manifests/Modules/SQLite.swift",
            Self.manifest(
                "SQLite",
                #""SQLite", layer: .infrastructure, testing: nil, tests: nil, systemLibraries: [SystemLibrary(name: "CSQLite", "#
                    + #"header: "sqlite3.h", link: "sqlite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])])]"#))
    }

    /// The workspace's own helpers that fit the fixture's layers, copied into every fixture so
    /// its manifests use the real conventions.
    static let helpers = ["Module+Library.swift", "Module+App.swift", "Module+Feature.swift"]

    /// The folder of the package these tests belong to.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A module manifest declaring `Modules.<name>` as `Module.<helper>(<arguments>)`.
    static func manifest(_ name: String, _ arguments: String, helper: String = "library") -> String {
        """
        import WorkspaceDescription

        extension Modules {
            static let \(name) = Module.\(helper)(\(arguments))
        }

        """
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("excelsior-workspace-\(UUID().uuidString)")
        try write("Manifests/Workspace.swift", Self.rules)
        for helper in Self.helpers {
            let text = try String(
                contentsOf: Self.packageRoot.appendingPathComponent("Manifests/Helpers/\(helper)"), encoding: .utf8)
            try write("Manifests/Helpers/\(helper)", text)
        }
        try module("Core", layer: "core")
        try module("Feature", layer: "feature", dependencies: ["Core"])
        try module("Injection", layer: "foundation")
        try write(
            "Manifests/Modules/App.swift",
            Self.manifest("App", #""App", dependencies: ["Feature", "Core", "Injection"], tests: nil"#, helper: "app"))
        try write("App/App/main.swift", "import Core\nimport Feature\nimport Injection\n")
        try generate()
    }

    /// Adds a library module with one source file importing its dependencies.
    func module(_ name: String, layer: String, dependencies: [String] = []) throws {
        let list = dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
        try write(
            "Manifests/Modules/\(name).swift",
            Self.manifest(name, "\"\(name)\", layer: .\(layer), dependencies: [\(list)], tests: [\"\(name)Testing\"]"))
        try write("Modules/\(name)/Sources/\(name).swift", dependencies.map { "import \($0)\n" }.joined() + "public enum \(name) {}\n")
        try write("Modules/\(name)/Testing/\(name)Testing.swift", "import \(name)\n")
        try write("Tests/\(name)Tests/\(name)Tests.swift", "import \(name)\nimport \(name)Testing\nimport Testing\n")
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func generate() throws {
        try Generator.generate(try ManifestLoader.load(root: root), root: root)
    }

    /// What `workspace check` prints, one line per problem.
    func problems() throws -> [String] {
        WorkspaceChecker(root: root, workspace: try ManifestLoader.load(root: root)).problems().map(\.description)
    }

    /// Every file and folder below the fixture with its contents, to prove a refusal changed
    /// nothing; top-level folders named in `skipping` (such as `.build`) are left out.
    func snapshot(skipping: Set<String> = []) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            if let top = path.split(separator: "/").first, skipping.contains(String(top)) { continue }
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            files[path] = isDirectory.boolValue ? "<folder>" : (try? String(contentsOf: url, encoding: .utf8)) ?? "<unreadable>"
        }
        return files
    }

    /// The paths added, removed or changed since `before`, a snapshot taken with the same `skipping`, sorted.
    func changes(since before: [String: String], skipping: Set<String> = []) -> [String] {
        let now = snapshot(skipping: skipping)
        return Set(before.keys).union(now.keys).filter { before[$0] != now[$0] }.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
