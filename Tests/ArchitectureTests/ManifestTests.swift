import Foundation
import Testing
import WorkspaceKit

@Suite struct ManifestTests {
    @Test(arguments: [
        (
            "let module = Module(name: \"Bad\", layer: .core",
            "Manifests/Modules/Bad.swift:1: expected ',' or ')' in an argument list but found the end of the file"
        ),
        (
            "let module = Module(\n  name: \"Bad\",\n  layer: core\n)",
            "Manifests/Modules/Bad.swift:3: 'core' is not a value: write .core for a case or \"core\" for a string"
        ),
        (
            "let module = Module(name: \"bad name\", layer: .core)",
            "Manifests/Modules/Bad.swift:1: 'bad name' is not a module name: use UpperCamelCase letters and digits"
        ),
        (
            "let module = Module(name: \"Bad\", layer: .core, colour: \"red\")",
            "Manifests/Modules/Bad.swift:1: Module(…) has no argument 'colour' (expected dependencies, kind, layer, name, resources, systemLibraries, testDependencies, testing, tests)"
        ),
        (
            "let module = Module(name: \"Bad\", layer: .core, dependencies: \"Core\")",
            "Manifests/Modules/Bad.swift:1: 'dependencies:' must be an array of strings, not a string"
        ),
        ("let mod = Module(name: \"Bad\", layer: .core)", "Manifests/Modules/Bad.swift:1: expected 'let module = Module(…)'"),
        (
            "let module = Module(name: \"Bad\\(x)\", layer: .core)",
            "Manifests/Modules/Bad.swift:1: escapes and interpolation are not allowed in manifest strings"
        ),
        // CRLF line ends (found by fuzzing, the `manifest` target): a comment used to run to the
        // end of the file, and lines were not counted.
        (
            "// Bad\r\nlet module = Module(\r\n  name: \"Bad\",\r\n  layer: core\r\n)",
            "Manifests/Modules/Bad.swift:4: 'core' is not a value: write .core for a case or \"core\" for a string"
        ),
        ("let module = Module(name: \"Bad\r\n\", layer: .core)", "Manifests/Modules/Bad.swift:1: unterminated string"),
    ])
    func manifestThatDoesNotParseNamesFileLineAndProblem(text: String, expected: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Bad.swift", text)
        let error = try #require(throws: ManifestError.self) { try ManifestLoader.load(root: fixture.root) }
        #expect(error.description == expected)
    }

    /// A dependency listed twice, or a label given twice, is a manifest that does not parse: exit 65 with file and line.
    @Test(arguments: [
        (
            "let module = Module(\n    name: \"Bad\",\n    layer: .core,\n    dependencies: [\"Core\", \"Core\"]\n)",
            "workspace: Manifests/Modules/Bad.swift:4: 'dependencies:' lists Core twice"
        ),
        (
            "let module = Module(\n    name: \"Bad\",\n    layer: .core,\n    dependencies: [\"Core\"],\n    dependencies: []\n)",
            "workspace: Manifests/Modules/Bad.swift:5: 'dependencies:' is given twice"
        ),
        (
            "let module = Module(name: \"Bad\", layer: .core, testDependencies: [\"Core\", \"Feature\", \"Core\"])",
            "workspace: Manifests/Modules/Bad.swift:1: 'testDependencies:' lists Core twice"
        ),
        (
            "let module = Module(name: \"Bad\", layer: .core, name: \"Worse\")",
            "workspace: Manifests/Modules/Bad.swift:1: 'name:' is given twice"
        ),
    ])
    func aRepeatedDependencyOrLabelIsRefused(text: String, expected: String) throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        try fixture.write("Manifests/Modules/Bad.swift", text)
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
            import ProjectDescription  // ignored, as in tuist

            /* A module with every field. */
            let module = Module(
                name: "Rich",
                kind: .library,
                layer: .feature,
                dependencies: ["Core"],
                resources: ["Resources/Data"],
                testing: false,
                tests: true,
            )
            """)
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(
            workspace.module("Rich")
                == Module(
                    name: "Rich", layer: "feature", dependencies: ["Core"], resources: ["Resources/Data"],
                    hasTesting: false, hasTests: true, manifest: "Manifests/Modules/Rich.swift"))
    }

    @Test func generatingTwiceChangesNothing() throws {
        let fixture = try FixtureWorkspace()
        defer { fixture.remove() }
        let workspace = try ManifestLoader.load(root: fixture.root)
        #expect(try Generator.generate(workspace, root: fixture.root) == [])
    }
}
