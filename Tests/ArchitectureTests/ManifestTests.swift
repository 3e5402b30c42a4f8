import Foundation
import TestSupport
import Testing
import WorkspaceKit

/// Manifests are Swift the compiler reads: its errors, with file and line, are the tool's; what
/// it cannot refuse (names, lists) the tool refuses at the line that spells it.
@Suite(.onOwnThread) struct ManifestTests {
    /// A type error: the compiler's own message, the manifest's path relative to the workspace, exit 65.
    @Test(arguments: [
        (#""Bad", layer: .cor"#, "Manifests/Modules/Bad.swift:4:", "type 'Layer' has no member 'cor'"),
        (#""Bad", layer: .core, dependencies: "Core""#, "Manifests/Modules/Bad.swift:4:", "'String'"),
        (#""Bad", layer: .core, colour: "red""#, "Manifests/Modules/Bad.swift:4:", "colour"),
    ])
    func aManifestThatDoesNotCompileShowsTheCompilersErrorAndExits65(arguments: String, location: String, message: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Bad.swift", FixtureWorkspace.manifest("Bad", arguments))
        var err: [String] = []
        let status = WorkspaceCommand.run(["check"], root: fixture.root, out: { _ in }, err: { err.append($0) })
        let output = err.joined(separator: "\n")
        #expect(status == 65)
        #expect(output.contains("\(location)") && output.contains("error:") && output.contains(message), "\(output)")
        #expect(!output.contains(fixture.root.path), "paths are relative to the workspace: \(output)")
    }

    /// The generated program names each module file's `Modules.<Name>`; one that declares another is reported at its own file.
    @Test func aManifestThatDoesNotDeclareItsModuleIsReportedAtItsFile() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Bad.swift", FixtureWorkspace.manifest("Other", #""Bad", layer: .core"#))
        let error = try #require(throws: ManifestCompileError.self) { try ManifestLoader.load(root: fixture.root) }
        #expect(error.output.contains("Manifests/Modules/Bad.swift:1:") && error.output.contains("'Bad'"), "\(error.output)")
    }

    /// What the compiler accepts but the tool refuses: exit 65 with the line that spells it.
    @Test(arguments: [
        (
            "\n        \"Bad\",\n        layer: .core,\n        dependencies: [\"Core\", \"Core\"]\n    ",
            "workspace: Manifests/Modules/Bad.swift:7: 'dependencies:' lists Core twice"
        ),
        (
            #""Bad", layer: .core, tests: ["Core", "Feature", "Core"]"#,
            "workspace: Manifests/Modules/Bad.swift:4: BadTests lists Core twice"
        ),
        (
            "\n        \"Worse\",\n        layer: .core\n    ",
            "workspace: Manifests/Modules/Bad.swift:5: the module is named Worse but its manifest is Bad.swift; name them alike"
        ),
        (
            #""bad name", layer: .core"#,
            "workspace: Manifests/Modules/Bad.swift:4: 'bad name' is not a module name: use UpperCamelCase letters and digits, such as Favorites"
        ),
    ])
    func whatTheCompilerAcceptsButTheToolRefusesNamesFileAndLine(arguments: String, expected: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Bad.swift", FixtureWorkspace.manifest("Bad", arguments))
        var err: [String] = []
        let status = WorkspaceCommand.run(["check"], root: fixture.root, out: { _ in }, err: { err.append($0) })
        #expect(status == 65)
        #expect(err == [expected])
    }

    @Test func manifestsReadEveryField() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write(
            "Manifests/Modules/Rich.swift",
            """
            import WorkspaceDescription

            /* A module with every field. */
            extension Modules {
                static let Rich = Module(
                    name: "Rich",
                    kind: .library,
                    layer: .feature,
                    directory: "Modules/Rich",
                    sources: "Modules/Rich/Code",
                    dependencies: ["Core"],
                    resources: ["Resources/Data"],
                    testing: nil,
                    tests: Module.Target(name: "RichTests", path: "Tests/Rich", dependencies: ["Rich", "CoreTesting"]),
                    example: Module.Target(name: "RichDemo", path: "Demos/Rich", dependencies: ["Rich"]),
                )
            }
            """)
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(
            workspace.module("Rich")
                == Module(
                    name: "Rich", layer: "feature", directory: "Modules/Rich", sourcesDirectory: "Modules/Rich/Code",
                    dependencies: ["Core"], resources: ["Resources/Data"],
                    tests: Module.Target(name: "RichTests", path: "Tests/Rich", dependencies: ["Rich", "CoreTesting"]),
                    example: Module.Target(name: "RichDemo", path: "Demos/Rich", dependencies: ["Rich"]),
                    manifest: "Manifests/Modules/Rich.swift"))
    }

    /// A helper in another file of Manifests/, with a shared constant and interpolation, generates
    /// the same Package.swift as the manifest spelled out.
    @Test func aManifestCallingAHelperGeneratesWhatTheSpelledOutOneDoes() throws {
        let spelled = try FixtureWorkspace()
        let helped = try FixtureWorkspace()
        defer {
            spelled.remove()
            helped.remove()
        }
        try spelled.write(
            "Manifests/Modules/Feature.swift",
            FixtureWorkspace.manifest("Feature", #""Feature", layer: .feature, dependencies: ["Core"], testing: nil"#))
        try helped.write(
            "Manifests/Helpers/Module+Feature.swift",
            """
            import WorkspaceDescription

            let shared = ["Core"]

            extension Module {
                static func feature(_ name: String, dependencies: [String] = shared) -> Module {
                    Module.library("\\(name)", layer: .feature, dependencies: dependencies, testing: nil)
                }
            }
            """)
        try helped.write(
            "Manifests/Modules/Feature.swift",
            "import WorkspaceDescription\n\nextension Modules {\n    static let Feature = Module.feature(\"Feature\")\n}\n")
        try spelled.generate()
        try helped.generate()
        let package = { (fixture: FixtureWorkspace) in
            try String(contentsOf: fixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        }
        #expect(try package(helped) == package(spelled))
        #expect(try package(helped).contains("name: \"Feature\",\n            dependencies: [\"Core\"],"))
    }

    /// The compiled result is kept under .build/, keyed by the manifests: unchanged, nothing is
    /// compiled again (the cached answer is used even when it is not what the manifests say).
    @Test func anUnchangedWorkspaceIsReadFromTheCache() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let cache = fixture.root.appendingPathComponent(".build/workspace-manifests")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == 1)
        let cached = cache.appendingPathComponent(files[0])
        let text = try String(contentsOf: cached, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Fixture\"", with: "\"FromTheCache\"").write(to: cached, atomically: true, encoding: .utf8)
        #expect(try ManifestLoader.load(root: fixture.root).name == "FromTheCache")
        try fixture.write("Manifests/Workspace.swift", FixtureWorkspace.rules + "\n// changed\n")
        #expect(try ManifestLoader.load(root: fixture.root).name == "Fixture")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }.count == 1)
    }

    @Test func generatingTwiceChangesNothing() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(try Generator.generate(workspace, root: fixture.root) == [])
    }

    /// swiftc takes each file name once: a helper named like a module manifest is refused with one line.
    @Test func aHelperNamedLikeAModuleManifestIsRefused() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Helpers/Core.swift", "import WorkspaceDescription\n")
        let error = try #require(throws: ManifestError.self) { try ManifestLoader.load(root: fixture.root) }
        #expect(
            error.description
                == "Manifests/Modules/Core.swift:1: Manifests/Helpers/Core.swift has the same file name; swiftc needs every manifest's to differ"
        )
    }
}
